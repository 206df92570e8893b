import { LEGAL_UPDATED_AT, LegalDocument, type LegalSection } from '../components/legal-document';
import { LegalLink } from '../components/legal-link';

const PRIVACY_EMAIL = 'privacidade@nextlevel.com.br';

const sections: LegalSection[] = [
  {
    id: 'informacoes-coletadas',
    title: 'Informações coletadas',
    body: (
      <>
        <p>Coletamos apenas o necessário para vender seus ingressos e garantir sua entrada nos eventos:</p>
        <ul>
          <li>
            <strong>Dados de cadastro:</strong> nome, e-mail, telefone e, se você quiser, uma foto de perfil.
          </li>
          <li>
            <strong>Dados da compra:</strong> evento, tipos e quantidade de ingressos, valores pagos, cupom usado e os dados do comprador
            informados no pagamento (nome, e-mail, telefone e CPF). O CPF é pedido para fins fiscais, para a emissão de comprovantes e para
            a prevenção de fraudes.
          </li>
          <li>
            <strong>Dados de pagamento:</strong> os dados do cartão e do PIX são tratados diretamente pelo provedor de pagamento. Não
            armazenamos o número completo do cartão nem o código de segurança; guardamos apenas a referência do pagamento e o seu status.
          </li>
          <li>
            <strong>Uso dos ingressos:</strong> data, hora e local de cada validação do QR code na entrada.
          </li>
          <li>
            <strong>Preferências e dispositivo:</strong> eventos favoritos, configurações de notificação, número de WhatsApp (se você ativar
            esse canal), localização (somente com a sua permissão) e dados técnicos de acesso, como endereço IP e navegador, usados para
            segurança.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'uso-das-informacoes',
    title: 'Uso das informações',
    body: (
      <>
        <p>Usamos seus dados para:</p>
        <ul>
          <li>processar suas compras, emitir os ingressos com QR code e validar sua entrada no evento;</li>
          <li>enviar confirmações de compra, avisos sobre os eventos e respostas a solicitações de reembolso;</li>
          <li>enviar novidades das marcas Next Level, AY-YO e KXP pelos canais que você ativar em Configurações;</li>
          <li>prestar atendimento, prevenir fraudes e o uso indevido de ingressos;</li>
          <li>cumprir obrigações legais, fiscais e regulatórias.</li>
        </ul>
        <p>
          Conforme a Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018), tratamos os dados com base na execução do contrato de
          compra, no cumprimento de obrigações legais, no nosso legítimo interesse em manter a plataforma segura e, para comunicações de
          marketing e localização, no seu consentimento, que pode ser retirado a qualquer momento.
        </p>
      </>
    ),
  },
  {
    id: 'compartilhamento',
    title: 'Compartilhamento',
    body: (
      <>
        <p>Não vendemos seus dados pessoais. Compartilhamos somente o necessário com:</p>
        <ul>
          <li>
            <strong>o provedor de pagamento</strong>, para processar pagamentos, estornos e reembolsos;
          </li>
          <li>
            <strong>a equipe de organização e de portaria dos eventos</strong>, para conferir e validar os ingressos na entrada;
          </li>
          <li>
            <strong>fornecedores de tecnologia</strong> (hospedagem, envio de e-mails e notificações), que atuam sob contrato e seguem
            nossas instruções;
          </li>
          <li>
            <strong>autoridades públicas</strong>, quando houver obrigação legal ou ordem judicial.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'seguranca',
    title: 'Segurança',
    body: (
      <>
        <p>
          Usamos conexão criptografada (HTTPS), senhas guardadas apenas em formato protegido (hash), QR codes únicos e assinados que não
          podem ser adivinhados e acesso restrito por função: apenas a equipe autorizada vê dados de pedidos e valida ingressos.
        </p>
        <p>
          Nenhum sistema é totalmente imune a falhas. Se ocorrer um incidente de segurança que possa causar risco ou dano relevante,
          avisaremos você e a Autoridade Nacional de Proteção de Dados (ANPD), como determina a LGPD.
        </p>
      </>
    ),
  },
  {
    id: 'seus-direitos',
    title: 'Seus direitos',
    body: (
      <>
        <p>Pela LGPD, você pode, a qualquer momento:</p>
        <ul>
          <li>confirmar se tratamos seus dados e acessá-los;</li>
          <li>corrigir dados incompletos, inexatos ou desatualizados;</li>
          <li>pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários ou excessivos;</li>
          <li>pedir a portabilidade dos seus dados;</li>
          <li>saber com quem compartilhamos seus dados;</li>
          <li>retirar o consentimento e pedir a eliminação dos dados tratados com base nele.</li>
        </ul>
        <p>
          Em <LegalLink to="/data-management">Gerenciar dados</LegalLink> você baixa uma cópia dos seus dados e pode excluir sua conta. Ao
          excluir a conta, mantemos apenas o que a legislação fiscal exige sobre os pedidos, de forma anonimizada e pelo prazo legal. Você
          também pode apresentar reclamação à ANPD.
        </p>
      </>
    ),
  },
  {
    id: 'contato',
    title: 'Contato',
    body: (
      <p>
        Para exercer seus direitos ou tirar dúvidas sobre esta política, escreva para o nosso encarregado de proteção de dados em{' '}
        <LegalLink to={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</LegalLink>. Respondemos em até 15 dias.
      </p>
    ),
  },
];

/** /privacy-policy (docs/screens.md 'Legal and data pages'); public (docs/rules/access.md 'Who may see what'). */
export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Política de privacidade"
      updatedAt={LEGAL_UPDATED_AT}
      intro={
        <p>
          Esta política explica como a Next Level, responsável pelas marcas Next Level, AY-YO e KXP, coleta, usa e protege seus dados
          pessoais quando você usa nosso app e site para descobrir eventos e comprar ingressos. Leia também os{' '}
          <LegalLink to="/terms-of-service">Termos de uso</LegalLink>.
        </p>
      }
      sections={sections}
    />
  );
}
