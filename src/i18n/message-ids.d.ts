import type { MessageId } from './messages/message-id';

/** react-intl's `id` takes only a key of the catalogs, like `useT()` (decision 073). */
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
