import type { Channel, ClientMessageStatus, MessageKind } from '../../domain/rules/client-messages';
import { messageTime, reasonText } from '../../domain/rules/message-log';
import { dayTimeText } from '../../domain/rules/time';
import { useT } from '../../i18n';
import { FormMessage } from '../form-message';
import { OfflineNote } from '../offline-note';
import { useClientMessages, type MessagesOf } from './use-client-messages';

type T = ReturnType<typeof useT>;

function statusText(t: T, status: ClientMessageStatus, reason: string | null): string {
  const label = t(`clientMessages.status.${status}`);
  const why = reasonText(reason);
  if (!why || status === 'SENT' || status === 'DELIVERED') return label;
  const text = 'code' in why ? t(`clientMessages.reason.${why.key}`, { code: why.code }) : t(`clientMessages.reason.${why.key}`);
  return t('clientMessages.list.withReason', { status: label, reason: text });
}

/**
 * What was sent about an appointment (its dialog's Messages tab) or to a client (the client dialog's), newest first
 * (issue 57 item 6): when, which message, the channel and how it went, failures with their reason. Live while
 * online; offline, what was read last with the time it was read.
 */
export function ClientMessageList({ of }: { of: MessagesOf }) {
  const t = useT();
  const { query, online } = useClientMessages(of);
  const messages = query.data?.clientMessages;
  const forClient = 'client' in of;
  return (
    <section className="stack" aria-label={t('clientMessages.list.title')} data-testid="client-message-list">
      <OfflineNote online={online} updatedAt={query.dataUpdatedAt} />
      {query.isError ? <FormMessage>{t('error.default')}</FormMessage> : null}
      {!messages && online && !query.isError ? <p className="muted">{t('app.loading')}</p> : null}
      {messages?.length === 0 ? (
        <p className="empty">{t(forClient ? 'clientMessages.list.emptyClient' : 'clientMessages.list.emptyAppointment')}</p>
      ) : null}
      {messages && messages.length > 0 ? (
        <div className="table-scroll">
          <table className="table" aria-label={t('clientMessages.list.title')}>
            <thead>
              <tr>
                <th>{t('clientMessages.list.when')}</th>
                {forClient ? <th>{t('clientMessages.list.visit')}</th> : null}
                <th>{t('clientMessages.list.message')}</th>
                <th>{t('clientMessages.list.channel')}</th>
                <th>{t('clientMessages.list.status')}</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id} data-status={m.status}>
                  <td className="cell-time">{dayTimeText(new Date(messageTime(m)))}</td>
                  {forClient ? <td className="cell-time">{m.appointmentStartAt ? dayTimeText(m.appointmentStartAt) : '—'}</td> : null}
                  <td>{t(`clientMessages.kind.${m.kind as MessageKind}`)}</td>
                  <td>{t(`clientMessages.channel.${m.channel as Channel}`)}</td>
                  <td>{statusText(t, m.status as ClientMessageStatus, m.reason ?? null)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
