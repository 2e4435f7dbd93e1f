import { useEffect, useSyncExternalStore } from 'react';
import { Docs, request } from '../../api';
import { syncState } from '../../sync/sync-state';
import { queryClient } from '../query-client';
import { useSession } from '../session/use-session';
import { useOnline } from '../use-online';
import { useServerQuery } from '../use-server-query';

export type MessagesOf = { appointment: string } | { client: string };

const getListen = () => syncState.get().listen;

/**
 * What was sent about an appointment, or to a client (issue 57 item 6), from the server (the messages are not in the
 * mirror), read again whenever the server says they changed (clientMessagesChanged on the sync's socket): a message
 * scheduled by a booking, sent, delivered or failed shows as it happens. Offline, the answer read last (persisted).
 */
export function useClientMessages(of: MessagesOf) {
  const salon = useSession()?.salon ?? null;
  const online = useOnline();
  const listen = useSyncExternalStore(syncState.subscribe, getListen, getListen);
  const [field, id] = 'appointment' in of ? (['appointment', of.appointment] as const) : (['client', of.client] as const);
  const queryKey = ['client-messages', salon, field, id];
  const query = useServerQuery({
    queryKey,
    queryFn: () => request(Docs.ClientMessagesDocument, { salon: salon as string, [field]: id }),
    enabled: online && salon !== null,
  });
  useEffect(() => {
    if (!salon) return undefined;
    return listen(Docs.ClientMessagesChangedDocument, { salon }, ({ clientMessagesChanged: change }) => {
      if (change[field] === id) void queryClient.invalidateQueries({ queryKey: ['client-messages', salon, field, id] });
    });
  }, [listen, salon, field, id]);
  return { query, online };
}
