import { Button } from '../../../components/ui/button';
import type { SocialProvider } from '../api/sign-in-social';
import { TermsLinks } from './terms-links';

function GoogleIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-5 shrink-0">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8Z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z" />
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-5 shrink-0">
      <path
        fill="#0866FF"
        d="M9.101 23.691v-7.98H6.627v-3.667h2.474v-1.58c0-4.085 1.848-5.978 5.858-5.978.401 0 .955.042 1.468.103a8.68 8.68 0 0 1 1.141.195v3.325a8.623 8.623 0 0 0-.653-.036 26.805 26.805 0 0 0-.733-.009c-.707 0-1.259.096-1.675.309a1.686 1.686 0 0 0-.679.622c-.258.42-.374.995-.374 1.752v1.297h3.919l-.386 2.103-.287 1.564h-3.246v8.245C19.396 23.238 24 18.179 24 12.044c0-6.627-5.373-12-12-12s-12 5.373-12 12c0 5.628 3.874 10.35 9.101 11.647Z"
      />
    </svg>
  );
}

function AppleIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-5 shrink-0">
      <path
        fill="currentColor"
        d="M12.152 6.896c-.948 0-2.415-1.078-3.96-1.04-2.04.027-3.91 1.183-4.961 3.014-2.117 3.675-.546 9.103 1.519 12.09 1.013 1.454 2.208 3.09 3.792 3.039 1.52-.065 2.09-.987 3.935-.987 1.831 0 2.35.987 3.96.948 1.637-.026 2.676-1.48 3.676-2.948 1.156-1.688 1.636-3.325 1.662-3.415-.039-.013-3.182-1.221-3.22-4.857-.026-3.04 2.48-4.494 2.597-4.559-1.429-2.09-3.623-2.324-4.39-2.376-2-.156-3.675 1.09-4.61 1.09zM15.53 3.83c.843-1.012 1.4-2.427 1.245-3.83-1.207.052-2.662.805-3.532 1.818-.78.896-1.454 2.338-1.273 3.714 1.338.104 2.715-.688 3.559-1.701"
      />
    </svg>
  );
}

const providers: Record<SocialProvider, { label: string; Icon: () => React.JSX.Element }> = {
  google: { label: 'Continuar com Google', Icon: GoogleIcon },
  facebook: { label: 'Continuar com Facebook', Icon: FacebookIcon },
  apple: { label: 'Continuar com Apple', Icon: AppleIcon },
};

/**
 * One button per sign-in provider the server has keys for ('Continuar com Google', ...), and the
 * line saying that continuing accepts the terms: a provider's first sign-in creates the account.
 */
export function SocialButtons({
  available,
  pendingProvider,
  onSelect,
}: {
  available: SocialProvider[];
  /** The provider whose page is being opened; every button waits meanwhile. */
  pendingProvider: SocialProvider | null;
  onSelect(provider: SocialProvider): void;
}) {
  if (available.length === 0) return null;
  return (
    <div className="space-y-3">
      {available.map((id) => {
        const { label, Icon } = providers[id];
        return (
          <Button
            key={id}
            variant="outline"
            size="lg"
            className="w-full px-3 whitespace-nowrap"
            onClick={() => onSelect(id)}
            disabled={pendingProvider !== null}
          >
            <Icon />
            {label}
          </Button>
        );
      })}
      <p className="text-center text-xs text-muted">
        Ao continuar, você aceita <TermsLinks />.
      </p>
    </div>
  );
}
