import { useMemo, useState } from 'react';
import {
  Collection,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxLoadMoreItem,
  Popover,
  Text,
} from 'react-aria-components';
import { compareClientNames, keyMatcher, searchKey } from '../../domain/rules/client-search';
import { formatPhoneAsTyped } from '../../domain/schemas/phone';
import type { ClientRow } from '../../domain/entities';
import { useLanguage, useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { YesNoDialog } from '../yes-no-dialog';
import { clientDialogs } from './client-dialogs';
import { fullName, useSalonClients } from '../salon/use-clients';
import { dayText } from '../../domain/rules/time';
import { isAdministrator } from '../../domain/roles';

/** Options shown at a time; more load as the list scrolls (part 1 §7, §9: 30 in selectors). */
export const SELECTOR_PAGE = 30;

/**
 * Client selector (part 1 §2): a searchable list of the salon's clients from the mirror showing phone and
 * notes, with add-client and client-info buttons. Selecting a blocked client asks first, showing when and by
 * whom it was blocked (part 1 §2). Empty with `allowWalkIn` means a walk-in client (part 1 §5).
 */
export function ClientSelector({
  value,
  onChange,
  label,
  allowWalkIn = false,
  errorMessage,
  isDisabled,
}: {
  value: string | null;
  onChange: (clientId: string | null) => void;
  label: string;
  allowWalkIn?: boolean;
  errorMessage?: string | null;
  isDisabled?: boolean;
}) {
  const t = useT();
  const { language } = useLanguage();
  const session = useSession();
  const clients = useSalonClients();
  const selected = useMemo(() => (value ? (clients?.find((c) => c.id === value) ?? null) : null), [clients, value]);
  const [typed, setTyped] = useState<string | null>(null);
  const [pages, setPages] = useState(1);
  const [asking, setAsking] = useState<ClientRow | null>(null);
  const query = typed ?? '';
  const keys = useMemo(() => [...(clients ?? [])].sort(compareClientNames(language)).map(searchKey), [clients, language]);
  const matches = useMemo(() => keys.filter(keyMatcher(query)).map((k) => k.item), [keys, query]);
  const shown = matches.slice(0, pages * SELECTOR_PAGE);
  const mayAdd = session ? isAdministrator(session) : false;

  const choose = (client: ClientRow | null) => {
    setTyped(null);
    setPages(1);
    if (client?.blockedAt) setAsking(client);
    else onChange(client?.id ?? null);
  };

  return (
    <div className="client-selector">
      {/* The buttons sit beside the combo box, not in it: inside, react-aria would take them for its list button. */}
      <div className="selector-group">
        <ComboBox
          className="field"
          // The list is filtered here (name, phone, notes on the mirror), not by the combo box.
          defaultFilter={() => true}
          selectedKey={value}
          inputValue={typed ?? (selected ? fullName(selected) : '')}
          onInputChange={(text) => {
            setTyped(text);
            setPages(1);
            if (!text && allowWalkIn) onChange(null);
          }}
          onSelectionChange={(key) => choose(key ? (clients?.find((c) => c.id === key) ?? null) : null)}
          menuTrigger="focus"
          allowsEmptyCollection
          isDisabled={isDisabled}
          isInvalid={Boolean(errorMessage)}
          validationBehavior="aria"
        >
          <Label className="field-label">{label}</Label>
          <Input className="field-input" placeholder={allowWalkIn ? t('clientSelector.walkIn') : t('clientSelector.search')} />
          {allowWalkIn && !value ? (
            <Text slot="description" className="field-description">
              {t('clientSelector.walkInHint')}
            </Text>
          ) : null}
          <FieldError className="field-error">{errorMessage}</FieldError>
          <Popover className="popover selector-popover" placement="bottom start">
            <ListBox
              className="selector-list"
              renderEmptyState={() => <p className="muted selector-empty">{clients ? t('clients.noMatch') : t('app.loading')}</p>}
            >
              <Collection items={shown}>
                {(client) => (
                  <ListBoxItem id={client.id} textValue={fullName(client)} className="selector-option">
                    <span className="selector-name">
                      {fullName(client)}
                      {client.blockedAt ? <span className="badge badge-danger">{t('clients.blockedBadge')}</span> : null}
                    </span>
                    {client.phone ? <span className="muted">{formatPhoneAsTyped(client.phone)}</span> : null}
                    {client.notes ? <span className="muted selector-notes">{client.notes}</span> : null}
                  </ListBoxItem>
                )}
              </Collection>
              {shown.length < matches.length ? <ListBoxLoadMoreItem onLoadMore={() => setPages((n) => n + 1)} className="muted" /> : null}
            </ListBox>
          </Popover>
        </ComboBox>
        <div className="selector-buttons">
          {mayAdd ? (
            <Button
              variant="ghost"
              aria-label={t('clientSelector.add')}
              onPress={() => clientDialogs.open({ kind: 'new', onCreated: (id) => onChange(id) })}
            >
              +
            </Button>
          ) : null}
          <Button
            variant="ghost"
            aria-label={t('clientSelector.info')}
            isDisabled={!selected}
            onPress={() => selected && clientDialogs.open({ kind: 'view', clientId: selected.id })}
          >
            i
          </Button>
        </div>
      </div>
      {asking ? (
        <BlockedClientDialog
          client={asking}
          onAnswer={(yes) => {
            if (yes) onChange(asking.id);
            setAsking(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** 'Blocked-client confirmation (Yes/No) … showing block date and blocker's name' (part 1 §2). */
function BlockedClientDialog({ client, onAnswer }: { client: ClientRow; onAnswer: (yes: boolean) => void }) {
  const t = useT();
  const by = client.blockedBy ? `${client.blockedBy.firstName} ${client.blockedBy.lastName}`.trim() : '—';
  return (
    <YesNoDialog
      title={t('clientSelector.blockedTitle')}
      question={t('clientSelector.blockedQuestion', {
        name: fullName(client),
        date: client.blockedAt ? dayText(client.blockedAt) : '—',
        by,
      })}
      yesVariant="primary"
      onYes={() => onAnswer(true)}
      onClose={() => onAnswer(false)}
    />
  );
}
