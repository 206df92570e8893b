import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in the DOM library): `prompt()` shows the browser's own dialog. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallState {
  /** The app already runs from the home screen (display-mode standalone), so nothing is to be shown. */
  isInstalled: boolean;
  /** The browser offered its install dialog: the page may show 'Instalar app'. */
  canPrompt: boolean;
  /** iPhone or iPad: installing goes through Safari's Compartilhar > Adicionar à Tela de Início. */
  isIos: boolean;
}

let offer: BeforeInstallPromptEvent | null = null;
let installedNow = false;
const listeners = new Set<() => void>();
let snapshot: InstallState = { isInstalled: false, canPrompt: false, isIos: false };

function isStandalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    window.matchMedia('(display-mode: fullscreen)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

function detectIos(): boolean {
  // iPadOS reports itself as a Mac, but with touch.
  return /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

function update() {
  snapshot = { isInstalled: installedNow || isStandalone(), canPrompt: offer !== null, isIos: detectIos() };
  for (const listener of listeners) listener();
}

/**
 * Starts listening for the browser's install offer. Called once at start-up (main.tsx), because
 * Chromium fires `beforeinstallprompt` once, early, whichever page is open.
 */
export function listenForInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the offer for our own 'Instalar app' button instead of the browser's mini-bar.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    update();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    installedNow = true;
    update();
  });
  window.matchMedia('(display-mode: standalone)').addEventListener('change', update);
  update();
}

/** Shows the browser's install dialog; true when the person accepted. The offer can be used once. */
export async function promptInstall(): Promise<boolean> {
  const current = offer;
  if (!current) return false;
  offer = null;
  await current.prompt();
  const { outcome } = await current.userChoice;
  update();
  return outcome === 'accepted';
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverState: InstallState = { isInstalled: false, canPrompt: false, isIos: false };

/** Whether the app can be installed here and how ('Instale o app' on /auth and /settings). */
export function useInstallState(): InstallState {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => serverState,
  );
}
