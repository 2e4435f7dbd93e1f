import { useEffect, useState } from 'react';
import { Switch } from 'react-aria-components';
import { SWITCH_COMMANDS, type SwitchCommandName } from '../../domain/commands/catalogue';
import type { CommandInput } from '../../domain/commands/inputs';
import { updateSession } from '../../db/session';
import type { ServerErrorShape } from '../../domain/errors';
import type { Access } from '../../domain/roles';
import { canChangeArchiveSetting } from '../../domain/rules/settings';
import { SETTING_SWITCHES, switchValue, type SettingSwitch } from '../../domain/schemas/settings';
import type { SalonRow } from '../../domain/entities';
import { useT, type MessageId } from '../../i18n';
import { FormMessage } from '../form-field';
import { submitCommand } from '../../sync/submit-command';
import { useServerError } from '../use-server-error';
import { SettingsSection } from '../settings-section';

export const SWITCH_FORM_KIND = 'settings.switch';

const LABELS: Record<SettingSwitch, MessageId> = {
  enableArchive: 'settings.enableArchive',
  hideClientPhone: 'settings.hideClientPhone',
  masterPanelLogin: 'settings.masterPanelLogin',
  reportByType: 'settings.reportByType',
  mastersEditOthers: 'settings.mastersEditOthers',
};

/**
 * The four salon-wide switches (part 2 §2). Each flip is its own command (part 2 §7 has one mutation per switch)
 * and shows at once; a refusal (the archive switch is the owner's) puts the server's value back and says why.
 */
export function SettingSwitches({
  salon,
  access,
  reopened,
}: {
  salon: SalonRow;
  access: Access;
  reopened: { key: SettingSwitch; error: ServerErrorShape; conflictId: number } | null;
}) {
  const t = useT();
  const server = useServerError('salonSettings');
  const [failed, setFailed] = useState<SettingSwitch | null>(reopened?.key ?? null);
  // A refused offline flip, reopened from the conflicts list: the switch shows the server's value and why.
  useEffect(() => {
    if (reopened) server.report(reopened.error);
  }, [reopened, server.report]); // eslint-disable-line react-hooks/exhaustive-deps

  const flip = async (key: SettingSwitch, value: boolean) => {
    server.clear();
    setFailed(null);
    try {
      await submitCommand(
        SWITCH_COMMANDS[key],
        // One switch's input: the computed key is that command's own field.
        { id: salon.id, [key]: value } as unknown as CommandInput<SwitchCommandName>,
        {
          form: { kind: SWITCH_FORM_KIND, values: { key, value } },
          conflictId: reopened?.key === key ? reopened.conflictId : null,
        },
      );
      // 'Disabling it also hides the archive view' (part 2 §4).
      if (key === 'enableArchive' && !value) await updateSession({ showArchive: false });
    } catch (error) {
      setFailed(key);
      server.report(error);
    }
  };

  return (
    <SettingsSection id="settings-switches" title={t('settings.switches')}>
      <div className="switch-list">
        {/* The archive setting is the owner's (part 2 §6 'Owner: also sees … the archive toggle'): hidden from anyone else. */}
        {SETTING_SWITCHES.filter((key) => key !== 'enableArchive' || canChangeArchiveSetting(access)).map((key) => {
          return (
            <div key={key} className="switch-row">
              <Switch className="switch" isSelected={switchValue(salon.settings, key)} onChange={(value) => void flip(key, value)}>
                <span className="switch-track" aria-hidden>
                  <span className="switch-thumb" />
                </span>
                {t(LABELS[key])}
              </Switch>
              {failed === key ? <FormMessage>{server.formError ?? t('error.default')}</FormMessage> : null}
            </div>
          );
        })}
      </div>
    </SettingsSection>
  );
}
