import { parseDate } from '@internationalized/date';
import { useState } from 'react';
import {
  Button as AriaButton,
  DateRangePicker,
  Dialog as AriaDialog,
  FieldError,
  Group,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';
import { newId } from '../../domain/ids';
import { checkGenerateRanges, MAX_TEMPLATE_DAYS } from '../../domain/rules/working-time';
import { addDays } from '../../domain/rules/time';
import type { MasterRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { useSalonToday } from '../salon/use-salon';
import { useKeptRange } from '../area-state';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { DayFormat, DaySegments } from '../day-segments';
import { FormMessage } from '../form-message';
import { TwoMonthCalendar } from '../two-month-calendar';
import { submitCommand } from '../../sync/submit-command';
import { useServerError } from '../use-server-error';

type Range = { start: string; end: string };
const FIRST_KEY = 'schedule.generate.first';
const SECOND_KEY = 'schedule.generate.second';
const ALL = 'all';

/** One of the two ranges: two months shown, weeks from Monday (DESIGN.md §3). */
function RangeField({
  label,
  value,
  onChange,
  error,
  isDateUnavailable,
}: {
  label: string;
  value: Range;
  onChange: (r: Range) => void;
  error: string | null;
  isDateUnavailable?: (d: string) => boolean;
}) {
  return (
    <DayFormat>
      <DateRangePicker
        className="field"
        value={{ start: parseDate(value.start), end: parseDate(value.end) }}
        onChange={(r) => r && onChange({ start: r.start.toString(), end: r.end.toString() })}
        isInvalid={Boolean(error)}
        firstDayOfWeek="mon"
        validationBehavior="aria"
      >
        <Label className="field-label">{label}</Label>
        <Group className="field-input day-picker-group">
          <DaySegments slot="start" className="day-picker-input" />
          <span aria-hidden>–</span>
          <DaySegments slot="end" className="day-picker-input" />
          <AriaButton className="day-picker-button" aria-label={label}>
            ▾
          </AriaButton>
        </Group>
        <FieldError className="field-error">{error}</FieldError>
        <Popover className="select-popover">
          <AriaDialog className="calendar-dialog">
            <TwoMonthCalendar isDateUnavailable={isDateUnavailable ? (d) => isDateUnavailable(d.toString().slice(0, 10)) : undefined} />
          </AriaDialog>
        </Popover>
      </DateRangePicker>
    </DayFormat>
  );
}

/**
 * Generate schedule (part 2 §5, §7): the working time of the first range (at most 7 days) repeated over the
 * second range, which starts after the first ends; for one master or all. Existing working time is kept.
 */
export function GenerateScheduleDialog({ masters, date, onClose }: { masters: MasterRow[]; date: string; onClose: () => void }) {
  const t = useT();
  const session = useSession();
  const server = useServerError('generateSchedule');
  const [master, setMaster] = useState<string>(ALL);
  // Both ranges are kept for the session (part 1 §1: schedule date and two week ranges) while they are not past.
  const today = useSalonToday();
  const notPast = (r: { from: string }) => r.from >= today;
  const [firstKept, setFirstKept] = useKeptRange(FIRST_KEY, () => ({ from: date, to: addDays(date, MAX_TEMPLATE_DAYS - 1) }), notPast);
  const [secondKept, setSecondKept] = useKeptRange(
    SECOND_KEY,
    () => ({ from: addDays(date, MAX_TEMPLATE_DAYS), to: addDays(date, 4 * MAX_TEMPLATE_DAYS - 1) }),
    notPast,
  );
  const first: Range = { start: firstKept.from, end: firstKept.to };
  const second: Range = { start: secondKept.from, end: secondKept.to };
  const setFirst = (r: Range) => setFirstKept({ from: r.start, to: r.end });
  const setSecond = (r: Range) => setSecondKept({ from: r.start, to: r.end });
  const [busy, setBusy] = useState(false);
  const ranges = { firstRangeFrom: first.start, firstRangeTo: first.end, secondRangeFrom: second.start, secondRangeTo: second.end };
  const broken = checkGenerateRanges(ranges);
  const errorOn = (field: string) => (broken && broken.field === field ? t(broken.messageId ?? 'error.default') : server.forField(field));

  const submit = async () => {
    if (broken) return;
    setBusy(true);
    server.clear();
    try {
      await submitCommand(
        'schedule.generate',
        { salonId: session?.salon ?? '', seed: newId(), masterId: master === ALL ? null : master, ...ranges },
        { form: null },
      );
      onClose();
    } catch (error) {
      server.report(error);
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('schedule.generate.title')} isOpen onClose={onClose}>
      <div className="stack">
        <p className="muted">{t('schedule.generate.hint')}</p>
        <Select className="field" selectedKey={master} onSelectionChange={(key) => key !== null && setMaster(String(key))}>
          <Label className="field-label">{t('schedule.generate.master')}</Label>
          <AriaButton className="field-input select-button">
            <SelectValue />
            <span aria-hidden>▾</span>
          </AriaButton>
          <Popover className="select-popover">
            <ListBox className="select-list">
              <ListBoxItem id={ALL} className="select-option">
                {t('schedule.generate.allMasters')}
              </ListBoxItem>
              {masters.map((m) => (
                <ListBoxItem key={m.id} id={m.id} className="select-option">
                  {`${m.firstName} ${m.lastName}`.trim()}
                </ListBoxItem>
              ))}
            </ListBox>
          </Popover>
        </Select>
        <RangeField label={t('schedule.generate.firstRange')} value={first} onChange={setFirst} error={errorOn('firstRangeTo')} />
        <RangeField
          label={t('schedule.generate.secondRange')}
          value={second}
          onChange={setSecond}
          error={errorOn('secondRangeFrom') ?? errorOn('secondRangeTo')}
          isDateUnavailable={(d) => d <= first.end}
        />
        <FormMessage>{server.formError}</FormMessage>
        <div className="form-actions">
          <Button variant="ghost" onPress={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" isDisabled={busy || Boolean(broken)} onPress={() => void submit()}>
            {t('schedule.generate.submit')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
