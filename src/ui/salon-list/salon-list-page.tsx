import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { Docs, request } from '../../api';
import { landingPath } from '../../domain/roles';
import { fuzzyFilter } from '../../domain/rules/search';
import { formatPhoneAsTyped } from '../../domain/schemas/phone';
import { useT } from '../../i18n';
import { switchSalon } from '../session/actions';
import { Button } from '../button';
import { FormMessage } from '../form-message';
import { useOnline } from '../use-online';
import { useServerQuery } from '../use-server-query';
import { OfflineNote } from '../offline-note';
import { useServerError } from '../use-server-error';
import { useKeptText } from '../area-state';

/**
 * Sysadmin's salon list (part 2 §2): every salon with its owner and masters; Login enters that salon.
 * Online by nature (DESIGN.md §5): offline it shows the last list read, saying when; the server refuses it to anyone
 * but a sysadmin.
 */
export function SalonListPage() {
  const t = useT();
  const online = useOnline();
  const navigate = useNavigate();
  const [search, setSearch] = useKeptText('salonList.search');
  const loginError = useServerError('default');
  const query = useServerQuery({ queryKey: ['salonList'], queryFn: () => request(Docs.GetSalonListDocument, {}), enabled: online });
  const rows = useMemo(
    () =>
      fuzzyFilter(
        query.data?.getSalonList ?? [],
        ['name', 'administrator.firstName', 'administrator.lastName', 'administrator.phone', 'administrator.email'],
        search,
      ),
    [query.data, search],
  );

  const enter = async (salonId: string) => {
    loginError.clear();
    try {
      const session = await switchSalon(salonId);
      await navigate({ to: landingPath(session.role, Boolean(session.salon)) });
    } catch (error) {
      loginError.report(error);
    }
  };

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.salonList')}</h1>
        <SearchField className="search-field" value={search} onChange={setSearch}>
          <Label className="visually-hidden">{t('salonList.search')}</Label>
          <Input className="field-input" placeholder={t('salonList.search')} />
        </SearchField>
      </div>
      <OfflineNote online={online} updatedAt={query.dataUpdatedAt} />
      {query.isError ? <FormMessage>{t('error.default')}</FormMessage> : null}
      <FormMessage>{loginError.formError}</FormMessage>
      <table className="table">
        <thead>
          <tr>
            <th>{t('salonList.name')}</th>
            <th>{t('salonList.owner')}</th>
            <th>{t('salonList.masters')}</th>
            <th>{t('salonList.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((salon) => (
            <tr key={salon.id}>
              <td>
                <strong>{salon.name}</strong>
                <div className="muted">{salon.address}</div>
              </td>
              <td>
                {`${salon.administrator.firstName} ${salon.administrator.lastName}`.trim()}
                <div className="muted">{salon.administrator.phone ? formatPhoneAsTyped(salon.administrator.phone) : ''}</div>
                <div className="muted">{salon.administrator.email}</div>
              </td>
              <td>{salon.masterCount}</td>
              <td>
                <Button variant="secondary" onPress={() => void enter(salon.id)} aria-label={`${t('salonList.login')}: ${salon.name}`}>
                  {t('salonList.login')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {query.data && rows.length === 0 ? <p className="empty">{t('salonList.empty')}</p> : null}
      {query.isLoading ? <p className="muted">{t('app.loading')}</p> : null}
    </section>
  );
}
