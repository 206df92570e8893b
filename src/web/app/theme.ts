/** Applies dark mode: the saved choice ('light' | 'dark') or, without one, the device's. */
export function applyTheme() {
  const saved = localStorage.getItem('theme');
  const dark = saved ? saved === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.classList.toggle('dark', dark);
}
