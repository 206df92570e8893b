import { useState } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { getThemePreference, setThemePreference, useTheme, type ThemePreference } from '../../../lib/theme';
import { SettingsCard } from './settings-card';

const choices: { value: ThemePreference; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Claro', icon: Sun },
  { value: 'dark', label: 'Escuro', icon: Moon },
  { value: 'system', label: 'Automático (segue o aparelho)', icon: Monitor },
];

/** The dark-mode choice: light, dark or the device's; saved on this device and applied at once. */
export function ThemeCard() {
  const [preference, setPreference] = useState<ThemePreference>(getThemePreference);
  const theme = useTheme();

  function choose(value: ThemePreference) {
    setPreference(value);
    setThemePreference(value);
  }

  return (
    <SettingsCard id="settings-theme" title="Aparência" description={`Modo escuro ${theme === 'dark' ? 'ligado' : 'desligado'} agora.`}>
      <fieldset>
        <legend className="sr-only">Modo escuro</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {choices.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-sm font-semibold transition has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-accent',
                preference === value ? 'border-accent bg-accent/10 text-fg' : 'border-border hover:bg-surface',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={preference === value}
                onChange={() => choose(value)}
                className="sr-only"
              />
              <Icon aria-hidden className={cn('size-5 shrink-0', preference === value ? 'text-accent' : 'text-muted')} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsCard>
  );
}
