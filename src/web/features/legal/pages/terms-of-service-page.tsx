import { Link } from 'react-router';
import { QrCode, Shield } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';
import { LEGAL_UPDATED_AT, LegalDocument, type LegalSection } from '../components/legal-document';
import { LegalLink } from '../components/legal-link';

const sections: LegalSection[] = [
  {
    id: 'aceitacao-dos-termos',
    title: 'Aceitação dos termos',
    body: (
      <>
        <p>
          Ao criar uma conta, navegar ou comprar ingressos no app e no site da Next Level, que reúne as marcas Next Level, AY-YO e KXP, você
          declara que leu e concorda com estes termos de uso e com a <LegalLink to="/privacy-policy">Política de privacidade</LegalLink>. Se
          não concordar, não use a plataforma.
        </p>
        <p>Menores de 18 anos só podem comprar com a autorização de um responsável legal.</p>
      </>
    ),
  },
  {
    id: 'uso-da-plataforma',
    title: 'Uso da plataforma',
    body: (
      <>
        <p>Sua conta é pessoal e intransferível. Você se compromete a informar dados verdadeiros e a manter sua senha em sigilo.</p>
        <p>Não é permitido:</p>
        <ul>
          <li>revender ingressos por valor acima do pago ou de forma comercial sem autorização;</li>
          <li>copiar, alterar ou falsificar QR codes;</li>
          <li>usar robôs ou meios automáticos para comprar ingressos;</li>
          <li>tentar acessar áreas restritas ou burlar a segurança da plataforma.</li>
        </ul>
        <p>Contas que violarem estas regras podem ser suspensas e os ingressos envolvidos, cancelados.</p>
      </>
    ),
  },
  {
    id: 'compra-de-ingressos',
    title: 'Compra de ingressos',
    body: (
      <>
        <p>
          Os preços são exibidos em reais e o total é calculado pela plataforma no momento da compra, já com descontos de cupons válidos. O
          pagamento pode ser feito por PIX ou cartão de crédito em até 6 vezes sem juros.
        </p>
        <p>
          Enquanto o pagamento não é confirmado, os ingressos ficam reservados por tempo limitado; depois disso, voltam a ficar disponíveis.
          Confirmado o pagamento, cada ingresso recebe um QR code próprio em <LegalLink to="/tickets">Meus ingressos</LegalLink>.
        </p>
        <ul>
          <li>cada QR code vale para uma única entrada: a primeira validação é a que conta;</li>
          <li>não divulgue seu QR code, pois quem o apresentar primeiro entra no evento;</li>
          <li>a organização pode pedir um documento com foto na entrada;</li>
          <li>ingressos de meia-entrada, quando oferecidos, exigem comprovação na entrada, conforme a Lei nº 12.933/2013.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'cancelamento-e-reembolsos',
    title: 'Cancelamento e reembolsos',
    body: (
      <>
        <p>
          Você pode pedir o reembolso em <LegalLink to="/refund-request">Solicitar reembolso</LegalLink> enquanto o evento não tiver
          acontecido e nenhum ingresso do pedido tiver sido utilizado. O pedido é reembolsado por inteiro e a solicitação é analisada pela
          nossa equipe; você acompanha o status na mesma página.
        </p>
        <p>
          Pedidos feitos em até 7 dias após a compra seguem o direito de arrependimento do Código de Defesa do Consumidor (art. 49). Se o
          reembolso for aprovado, os ingressos do pedido são cancelados e o valor pago volta pela mesma forma de pagamento: no PIX, para a
          conta de origem; no cartão, como estorno na fatura, no prazo da operadora.
        </p>
        <p>Se um evento for cancelado pela organização, o valor pago é devolvido integralmente.</p>
      </>
    ),
  },
  {
    id: 'responsabilidades',
    title: 'Responsabilidades',
    body: (
      <>
        <p>
          A Next Level é responsável pela venda e pela emissão dos ingressos e por informar com clareza data, horário e local de cada
          evento. Mudanças relevantes na programação serão comunicadas por e-mail e pelas notificações do app.
        </p>
        <p>
          Você é responsável pela guarda dos seus ingressos, por ingressos comprados de terceiros fora da plataforma e pela sua conduta nos
          eventos, respeitando as regras do local e da organização.
        </p>
        <p>
          Trabalhamos para manter a plataforma disponível e segura, mas ela pode passar por interrupções para manutenção ou por falhas de
          terceiros, como provedores de internet e de pagamento.
        </p>
      </>
    ),
  },
  {
    id: 'modificacoes',
    title: 'Modificações',
    body: (
      <>
        <p>
          Podemos atualizar estes termos para refletir mudanças na plataforma ou na legislação. Alterações relevantes serão avisadas com
          antecedência por e-mail ou notificação no app, e a data da última atualização fica no topo desta página. Continuar usando a
          plataforma depois da atualização significa concordar com a nova versão.
        </p>
        <p>
          Estes termos seguem as leis brasileiras, em especial o Código de Defesa do Consumidor e a LGPD. Fica eleito o foro do domicílio do
          consumidor.
        </p>
      </>
    ),
  },
];

/** /terms-of-service (docs/screens.md 'Legal and data pages'); public (docs/rules/access.md 'Who may see what'). */
export function TermsOfServicePage() {
  const { isAdmin, roles } = useSession();
  // Shown by role, never by e-mail (docs/rules/access.md 'Who may see what').
  const isDoorStaff = roles.includes('validator');
  const staffLinks =
    isAdmin || isDoorStaff ? (
      <div className="flex flex-wrap justify-center gap-2">
        {isAdmin ? (
          <Button asChild variant="ghost" size="sm" className="font-medium text-muted hover:text-fg">
            <Link to="/admin">
              <Shield className="size-4" aria-hidden /> Painel Admin
            </Link>
          </Button>
        ) : null}
        {isDoorStaff ? (
          <Button asChild variant="ghost" size="sm" className="font-medium text-muted hover:text-fg">
            <Link to="/validator">
              <QrCode className="size-4" aria-hidden /> Validar QR Code
            </Link>
          </Button>
        ) : null}
      </div>
    ) : null;

  return (
    <LegalDocument
      title="Termos de uso"
      updatedAt={LEGAL_UPDATED_AT}
      intro={<p>Estas são as regras para usar a plataforma e comprar ingressos dos eventos Next Level, AY-YO e KXP.</p>}
      sections={sections}
      footer={staffLinks}
    />
  );
}
