import { useSyncExternalStore } from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';

const media = () => window.matchMedia('(prefers-color-scheme: dark)');

/** The saved choice, or 'system' to follow the device. */
export function getThemePreference(): ThemePreference {
  const saved = localStorage.getItem('theme');
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

/** Applies dark mode: the saved choice or, without one, the device's (and follows its changes). */
export function applyTheme() {
  const preference = getThemePreference();
  const dark = preference === 'system' ? media().matches : preference === 'dark';
  const root = document.documentElement;
  if (root.classList.contains('dark') === dark) return;
  // The whole page changes colour at once, instead of each button fading on its own.
  root.classList.add('theme-switching');
  root.classList.toggle('dark', dark);
  void window.getComputedStyle(document.body).color;
  window.setTimeout(() => root.classList.remove('theme-switching'), 1);
}

/** Saves the choice of the settings switch and applies it at once. */
export function setThemePreference(preference: ThemePreference) {
  if (preference === 'system') localStorage.removeItem('theme');
  else localStorage.setItem('theme', preference);
  applyTheme();
}

if (typeof window !== 'undefined') {
  media().addEventListener('change', applyTheme);
}

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** The theme in effect now ('light' | 'dark'), re-rendering when it changes. */
export function useTheme(): 'light' | 'dark' {
  return useSyncExternalStore(
    subscribe,
    () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'),
    () => 'light',
  );
}
