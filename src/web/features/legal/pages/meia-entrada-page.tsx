import { concessionLabel, MEIA_RESERVE_PERCENT, SENIOR_MIN_AGE } from '../../../../shared/concessions';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { LegalLink } from '../components/legal-link';

/** The day this policy was last revised. */
const MEIA_POLICY_UPDATED_AT = '26 de novembro de 2026';

const sections: LegalSection[] = [
  {
    id: 'quem-tem-direito',
    title: 'Quem tem direito',
    body: (
      <>
        <p>Pagam meia-entrada, mostrando o documento na entrada:</p>
        <ul>
          <li>
            <strong>{concessionLabel.student}:</strong> com a Carteira de Identificação Estudantil (CIE) válida.
          </li>
          <li>
            <strong>{concessionLabel.id_jovem}:</strong> jovens de 15 a 29 anos de famílias de baixa renda, com o ID Jovem válido.
          </li>
          <li>
            <strong>{concessionLabel.pcd}:</strong> com o cartão do Benefício de Prestação Continuada ou um documento que comprove a
            deficiência.
          </li>
          <li>
            <strong>{concessionLabel.pcd_companion}:</strong> uma pessoa, quando a pessoa com deficiência precisar de acompanhante. A meia
            do acompanhante só vale comprada no mesmo pedido da meia da pessoa com deficiência.
          </li>
          <li>
            <strong>{concessionLabel.senior}:</strong> quem tem {SENIOR_MIN_AGE} anos ou mais, com documento oficial com foto (Estatuto da
            Pessoa Idosa, Lei 10.741/2003, art. 23).
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'preco',
    title: 'Preço',
    body: (
      <p>
        A meia-entrada custa metade do preço do lote à venda no momento da compra, calculada pelo nosso sistema: ninguém digita esse valor.
        Cupons de desconto não se aplicam à meia-entrada.
      </p>
    ),
  },
  {
    id: 'reserva',
    title: `Reserva de ${MEIA_RESERVE_PERCENT}%`,
    body: (
      <>
        <p>
          Em cada setor de um evento com meia-entrada, {MEIA_RESERVE_PERCENT}% dos ingressos ficam reservados para estudantes, ID Jovem,
          pessoas com deficiência e seus acompanhantes (Lei 12.933/2013 e Decreto 8.537/2015). A meia de pessoas com {SENIOR_MIN_AGE} anos
          ou mais não entra nessa conta: ela vale sempre que houver ingressos no setor.
        </p>
        <p>
          Enquanto a reserva existe, a inteira só vende os ingressos de fora dela. A partir de 48 horas antes do início do evento (72 horas
          em eventos com mais de 10.000 ingressos à venda), o que sobrar da reserva pode ser vendido como inteira.
        </p>
        <p>A página de cada evento com meia-entrada mostra quantas ainda há: &quot;Meia-entrada: N de M disponíveis&quot;.</p>
      </>
    ),
  },
  {
    id: 'como-comprar',
    title: 'Como comprar',
    body: (
      <ul>
        <li>No checkout, escolha a meia-entrada e a categoria de quem vai usar o ingresso.</li>
        <li>
          Informe o nome, o CPF e a data de nascimento dessa pessoa e, para estudante, ID Jovem e pessoa com deficiência, o número do
          documento.
        </li>
        <li>Cada CPF pode ter uma meia-entrada por evento.</li>
        <li>O nome de quem usa aparece no ingresso e no QR code.</li>
      </ul>
    ),
  },
  {
    id: 'na-entrada',
    title: 'Na entrada',
    body: (
      <p>
        A portaria vê a categoria de cada meia-entrada e pede o documento correspondente, junto com um documento com foto. Sem o documento
        que dá direito à meia, a portaria pode recusar a entrada.
      </p>
    ),
  },
];

/** /meia-entrada: the meia-entrada rule as the checkout and the door apply it (README 'Vender como no Brasil', docs/rules/meia-entrada.md). */
export function MeiaEntradaPage() {
  return (
    <LegalDocument
      title="Política de meia-entrada"
      updatedAt={MEIA_POLICY_UPDATED_AT}
      intro={
        <p>
          Como vendemos a meia-entrada nos eventos Next Level, AY-YO e KXP, de acordo com a Lei 12.933/2013, o Decreto 8.537/2015 e o
          Estatuto da Pessoa Idosa. Veja também os <LegalLink to="/terms-of-service">Termos de uso</LegalLink>.
        </p>
      }
      sections={sections}
    />
  );
}
