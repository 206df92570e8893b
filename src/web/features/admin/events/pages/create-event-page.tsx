import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../components/page-header';
import { useCreateEvent } from '../api/create-event';
import { EventForm } from '../components/event-form';
import { emptyEventForm } from '../lib/event-form-values';

/**
 * /admin/events/new (docs/rules/events.md 'Creating and editing events'); once created, the new
 * event's page (/admin/events/:id/edit) opens with a toast.
 */
export function CreateEventPage() {
  const create = useCreateEvent();
  const navigate = useNavigate();
  const [defaults] = useState(emptyEventForm);

  return (
    <>
      <PageHeader
        title="Novo evento"
        description="Preencha os dados do evento e crie os tipos de ingresso."
        back={{ to: '/admin/events', label: 'Voltar para eventos' }}
      />
      <EventForm
        defaultValues={defaults}
        submitLabel="Criar evento"
        onSubmit={async (input) => {
          let created;
          try {
            created = await create.mutateAsync(input);
          } catch (error) {
            toast.error('Erro ao criar evento', { description: (error as Error).message });
            throw error;
          }
          // On to the new event's page, where its sessions, waiting room and courtesies are set up.
          toast.success('Evento e ingressos criados com sucesso!', {
            description: 'Agora configure sessões, sala de espera e cortesias.',
          });
          navigate(`/admin/events/${created.id}/edit`);
        }}
      />
    </>
  );
}
