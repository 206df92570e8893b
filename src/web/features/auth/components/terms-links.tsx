/** 'Termos de uso' and 'Política de privacidade' as links, opened in a new tab so the form keeps what was typed. */
export function TermsLinks() {
  const linkClass = 'font-semibold text-accent underline underline-offset-2';
  return (
    <>
      os{' '}
      <a href="/terms-of-service" target="_blank" rel="noreferrer" className={linkClass}>
        Termos de uso
      </a>{' '}
      e a{' '}
      <a href="/privacy-policy" target="_blank" rel="noreferrer" className={linkClass}>
        Política de privacidade
      </a>
    </>
  );
}
