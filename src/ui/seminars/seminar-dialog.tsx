import { useStore } from '@tanstack/react-form';
import { useMemo, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Docs, requestWithFile } from '../../api';
import { formatPhoneAsTyped } from '../../domain/schemas/phone';
import {
  durationText,
  SEMINAR_DURATIONS,
  SEMINAR_TIMES,
  SEMINAR_TYPES,
  seminarFormSchema,
  seminarInput,
  type SeminarFormValues,
  type SeminarType,
} from '../../domain/schemas/seminar';
import { minutesOfDay } from '../../domain/rules/time';
import { useT, type MessageId } from '../../i18n';
import { Button } from '../button';
import { useCommandForm } from '../command-form';
import { DateField } from '../date-field';
import { Dialog } from '../dialog';
import { FormMessage, FormTextField, firstError } from '../form-field';
import { FormSelect } from '../form-select';
import { FormShell, SubmitButton } from '../form-shell';
import { useOnline } from '../use-online';
import { BannerField } from './banner-field';
import { refreshSeminars, type Seminar } from './use-seminars';

const BLANK: SeminarFormValues = {
  name: '',
  description: '',
  date: '',
  time: null,
  duration: null,
  type: null,
  placeCount: '',
  hasBanner: false,
};
const valuesOf = (s: Seminar): SeminarFormValues => ({
  name: s.name,
  description: s.description,
  date: s.startAt.slice(0, 10),
  time: minutesOfDay(s.startAt),
  duration: s.duration,
  type: s.type as SeminarType,
  placeCount: String(s.placeCount),
  hasBanner: true,
});

/**
 * New Seminar (Add, Cancel) or the seminar's dialog with tabs Edit Seminar (Save, Cancel) and Visitors (part 2 §2,
 * §5): every rule on its field, the banner required when adding, the place count not below the visitors. Online
 * only: the banner travels with the GraphQL multipart request.
 */
export function SeminarDialog({ seminar, onClose }: { seminar: Seminar | null; onClose: () => void }) {
  const t = useT();
  const form = seminar ? (
    <Tabs defaultSelectedKey="edit" className="tabs">
      <TabList aria-label={seminar.name} className="tab-list">
        <Tab id="edit" className="tab">
          {t('seminar.tab.edit')}
        </Tab>
        <Tab id="visitors" className="tab">
          {t('seminar.tab.visitors')}
        </Tab>
      </TabList>
      <TabPanel id="edit" className="tab-panel">
        <SeminarForm seminar={seminar} onClose={onClose} />
      </TabPanel>
      <TabPanel id="visitors" className="tab-panel">
        <Visitors seminar={seminar} />
      </TabPanel>
    </Tabs>
  ) : (
    <SeminarForm seminar={null} onClose={onClose} />
  );
  return (
    <Dialog title={seminar ? seminar.name : t('seminar.new.title')} isOpen onClose={onClose} size="lg">
      {form}
    </Dialog>
  );
}

function Visitors({ seminar }: { seminar: Seminar }) {
  const t = useT();
  if (seminar.visitors.length === 0) return <p className="empty">{t('seminar.noVisitors')}</p>;
  return (
    <table className="table" aria-label={t('seminar.tab.visitors')}>
      <thead>
        <tr>
          <th scope="col">{t('seminar.visitor.master')}</th>
          <th scope="col">{t('seminar.visitor.email')}</th>
          <th scope="col">{t('seminar.visitor.phone')}</th>
        </tr>
      </thead>
      <tbody>
        {seminar.visitors.map((v) => (
          <tr key={v.id} data-testid="seminar-visitor">
            <td>{`${v.firstName} ${v.lastName}`.trim()}</td>
            <td>{v.email ?? ''}</td>
            <td>{v.phone ? formatPhoneAsTyped(v.phone) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SeminarForm({ seminar, onClose }: { seminar: Seminar | null; onClose: () => void }) {
  const t = useT();
  const online = useOnline();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<MessageId | null>(null);
  const schema = useMemo(() => seminarFormSchema(!seminar, seminar?.visitorCount ?? 0), [seminar]);
  const { form, server } = useCommandForm<SeminarFormValues>({
    operation: 'seminar',
    schema,
    defaultValues: seminar ? valuesOf(seminar) : BLANK,
    // A banner refused on the device keeps the dialog open with its message, sending nothing.
    send: async (value) => {
      if (fileProblem) return;
      const input = seminarInput(value);
      if (seminar) await requestWithFile(Docs.UpdateSeminarDocument, { input: { seminarId: seminar.id, ...input } }, 'banner', file);
      else await requestWithFile(Docs.AddSeminarDocument, { input }, 'banner', file);
      await refreshSeminars();
      onClose();
    },
  });
  const pristine = useStore(form.store, (s) => s.isDefaultValue);
  const timeOptions = SEMINAR_TIMES.map((m) => ({ value: m, label: durationText(m) }));
  const durationOptions = SEMINAR_DURATIONS.map((m) => ({ value: m, label: durationText(m) }));
  const typeOptions = SEMINAR_TYPES.map((type) => ({ value: type, label: t(`seminar.type.${type}`) }));

  return (
    <FormShell form={form} server={server}>
      {online ? null : <FormMessage kind="info">{t('seminar.offline')}</FormMessage>}
      <div className="form-grid">
        <form.AppField name="name">{(field) => <field.TextField label={t('seminar.name')} autoFocus />}</form.AppField>
        <form.AppField name="type">{(field) => <field.Select label={t('seminar.type')} options={typeOptions} />}</form.AppField>
        <form.Field name="date">
          {(field) => (
            <DateField
              label={t('seminar.date')}
              value={field.state.value || null}
              onChange={(d) => {
                field.handleChange(d ?? '');
                server.clear();
              }}
              errorMessage={
                (field.form.state.submissionAttempts > 0 || field.state.meta.isDirty) && firstError(field.state.meta.errors)
                  ? t(firstError(field.state.meta.errors) as MessageId)
                  : null
              }
            />
          )}
        </form.Field>
        {/* The server's time message is on startAt. */}
        <form.Field name="time">
          {(field) => (
            <FormSelect
              field={field}
              label={t('seminar.time')}
              options={timeOptions}
              serverError={server.forField('startAt')}
              onEdit={server.clear}
            />
          )}
        </form.Field>
        <form.AppField name="duration">{(field) => <field.Select label={t('seminar.duration')} options={durationOptions} />}</form.AppField>
        <form.AppField name="placeCount">
          {(field) => <field.TextField label={t('seminar.placeCount')} inputMode="numeric" />}
        </form.AppField>
      </div>
      {/* Unbound: it shows no server message of its own. */}
      <form.Field name="description">
        {(field) => <FormTextField field={field} label={t('seminar.description')} multiline onEdit={server.clear} />}
      </form.Field>
      <form.Field name="hasBanner">
        {(field) => {
          const required = field.form.state.submissionAttempts > 0 ? firstError(field.state.meta.errors) : null;
          return (
            <BannerField
              label={t('seminar.banner')}
              current={seminar?.banner ?? null}
              file={file}
              error={fileProblem ? t(fileProblem) : required ? t(required) : server.forField('banner')}
              onChange={(chosen, problem) => {
                server.clear();
                setFile(chosen);
                setFileProblem(problem);
                field.handleChange(Boolean(chosen) || Boolean(seminar));
              }}
            />
          );
        }}
      </form.Field>
      <FormMessage>{server.formError}</FormMessage>
      <div className="form-actions">
        <Button variant="ghost" onPress={onClose}>
          {t('common.cancel')}
        </Button>
        <SubmitButton form={form} isBlocked={!online || (Boolean(seminar) && pristine && !file)}>
          {t(seminar ? 'common.save' : 'common.add')}
        </SubmitButton>
      </div>
    </FormShell>
  );
}
