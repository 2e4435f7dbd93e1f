import { Docs, request } from '../../api';
import { useServerQuery } from '../use-server-query';

/**
 * Which channels this server sends client messages on (SMS only with a provider). Online only; the answer read last
 * stays in the persisted cache, so offline the form still knows.
 */
export function useMessageChannels(online: boolean) {
  return useServerQuery({
    queryKey: ['client-messages', 'channels'],
    queryFn: () => request(Docs.MessageChannelsDocument, {}),
    enabled: online,
  });
}
