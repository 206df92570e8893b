import { useState } from 'react';
import { useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CalendarDays, CheckCircle2, Loader2, MapPin } from 'lucide-react';
import { formatCpf } from '../../../../shared/cpf';
import { formatEventDate, formatEventTime, formatInstant } from '../../../../shared/dates';
import { guestSignUpSchema } from '../../../../shared/schemas/guest-lists';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { useGuestListLink } from '../api/guest-list-link';
import { useSignUpGuest } from '../api/sign-up-guest';

type FormValues = z.input<typeof guestSignUpSchema>;

/** The page of a list's link (/lista/:token): the event, the rule, and the guest's own sign-up with name, e-mail and CPF. */
export function GuestListLinkPage() {
  const { token = '' } = useParams();
  const link = useGuestListLink(token);
  const signUp = useSignUpGuest(token);
  const [signedName, setSignedName] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, z.output<typeof guestSignUpSchema>>({
    resolver: zodResolver(guestSignUpSchema),
    defaultValues: { name: '', email: '', cpf: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => signUp.mutate(values, { onSuccess: (answer) => setSignedName(answer.name) }));
  const field = (name: keyof FormValues) => ({
    id: `guest-signup-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `guest-signup-${name}-error` : undefined,
  });

  return (
    <div className="mx-auto w-full max-w-lg">
      <title>Lista amiga - Next Level</title>
      <h1 className="text-3xl font-extrabold tracking-tight">Lista amiga</h1>
      <div className="mt-6">
        {link.isLoading ? (
          <p role="status" className="flex items-center gap-2 text-muted">
            <Loader2 className="size-5 animate-spin" aria-hidden /> Carregando...
          </p>
        ) : link.isError || !link.data ? (
          <div role="alert" className="rounded-3xl border border-border bg-card p-6">
            <p className="font-semibold">{link.error instanceof ApiError ? link.error.message : 'Lista não encontrada.'}</p>
            <p className="mt-1 text-sm text-muted">Confira se o link está completo ou peça um novo a quem enviou.</p>
          </div>
        ) : (
          <article className="rounded-3xl border border-border bg-card p-5">
            <p className="text-sm font-semibold text-accent">{link.data.name}</p>
            <h2 className="mt-1 text-xl leading-snug font-bold">{link.data.event.title}</h2>
            <p className="mt-2 flex items-center gap-2 text-sm text-muted">
              <CalendarDays className="size-4 shrink-0" aria-hidden /> {formatEventDate(link.data.event.date)},{' '}
              {formatEventTime(link.data.event.startTime)}
            </p>
            <p className="mt-1 flex items-center gap-2 text-sm text-muted">
              <MapPin className="size-4 shrink-0" aria-hidden /> {link.data.event.location}
            </p>
            <p className="mt-3 rounded-2xl bg-surface p-3 font-semibold">{link.data.ruleLabel}</p>

            {signedName ? (
              <div className="mt-4 flex items-start gap-3 rounded-2xl bg-success/15 p-4" role="status">
                <CheckCircle2 className="size-6 shrink-0 text-success" aria-hidden />
                <p>
                  <strong>Pronto, {signedName}!</strong> Seu nome está na lista. Na entrada, diga seu nome e mostre um documento com foto.
                </p>
              </div>
            ) : link.data.isClosed ? (
              <p className="mt-4 rounded-2xl bg-surface p-4 text-center font-semibold" role="status">
                Lista encerrada
              </p>
            ) : link.data.isFull ? (
              <p className="mt-4 rounded-2xl bg-surface p-4 text-center font-semibold" role="status">
                A lista atingiu o limite de nomes
              </p>
            ) : (
              <form onSubmit={submit} noValidate className="mt-4 space-y-3" aria-label="Colocar meu nome na lista">
                <div>
                  <Label htmlFor="guest-signup-name">Nome completo</Label>
                  <Input {...field('name')} {...form.register('name')} autoComplete="name" />
                  <FieldError id="guest-signup-name-error" message={errors.name?.message} />
                </div>
                <div>
                  <Label htmlFor="guest-signup-email">E-mail</Label>
                  <Input {...field('email')} type="email" inputMode="email" {...form.register('email')} autoComplete="email" />
                  <FieldError id="guest-signup-email-error" message={errors.email?.message} />
                </div>
                <div>
                  <Label htmlFor="guest-signup-cpf">CPF</Label>
                  <Input
                    {...field('cpf')}
                    inputMode="numeric"
                    placeholder="000.000.000-00"
                    {...form.register('cpf', {
                      onChange: (e) => form.setValue('cpf', formatCpf(e.target.value), { shouldValidate: form.formState.isSubmitted }),
                    })}
                    autoComplete="off"
                  />
                  <FieldError id="guest-signup-cpf-error" message={errors.cpf?.message} />
                </div>
                {signUp.isError ? (
                  <p className="text-sm font-semibold text-danger" role="alert">
                    {signUp.error instanceof ApiError ? signUp.error.message : 'Não foi possível colocar seu nome na lista.'}
                  </p>
                ) : null}
                <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
                  {signUp.isPending ? <Loader2 className="size-5 animate-spin" aria-hidden /> : null}
                  Confirmar meu nome
                </Button>
                <p className="text-xs text-muted">Inscrições até {formatInstant(link.data.closesAt)}.</p>
              </form>
            )}
          </article>
        )}
      </div>
    </div>
  );
}
