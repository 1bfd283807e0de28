import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LOCALE_COOKIE_MAX_AGE_S } from '../../../../core/constants';
import { ODDS_FORMATS, type OddsFormat } from '../../../../core/contracts/odds';
import { LOCALES, localizePath, type Locale } from '../../../../core/locale';
import { formatOdds } from '../../../components/forecast/forecast-format';
import { isOddsFormat, useOddsFormat } from '../../../components/forecast/odds-format';
import { LocalLink } from '../../../components/local-link';
import { FormAlert } from '../../../components/ui/field';
import { savePreference } from '../../../lib/account-preferences';
import { isSecurePage, LOCALE_COOKIE, writeCookie } from '../../../lib/cookies';
import { useLocale } from '../../../lib/locale';
import type { Theme } from '../../../lib/root-data';
import { useTheme } from '../../../lib/theme';
import { centerMeta } from '../center-meta';
import { CenterPage } from '../components/center-page';
import { personalCenterPath } from '../personal-center-views';

export const meta = centerMeta('setEntry');

const THEMES: readonly Theme[] = ['light', 'dark'];

/** The price each odds format's option is shown with: 2.50 decimal is 1.50 Hong Kong and 3/2 fractional. */
const EXAMPLE_ODDS = 2.5;

const optionClass =
  'flex cursor-pointer items-center gap-2 rounded-md border border-line px-3 py-2.5 has-checked:border-accent has-checked:bg-accent-soft/60';

/**
 * setEntry: language, theme and odds format, applied at once and saved to the account; links to
 * the other settings.
 */
export default function SettingsRoute() {
  const { t } = useTranslation(['personalCenter', 'common']);
  const locale = useLocale();
  const { theme, setTheme } = useTheme();
  const [oddsFormat, setOddsFormat] = useOddsFormat();
  const oddsFormatId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [failed, setFailed] = useState(false);

  async function chooseLocale(next: Locale) {
    setFailed(false);
    writeCookie(LOCALE_COOKIE, next, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'Lax', secure: isSecurePage() });
    const saved = await savePreference({ locale: next });
    if (!saved) setFailed(true);
    void navigate(localizePath(`${location.pathname}${location.search}`, next), { preventScrollReset: true });
  }

  async function chooseTheme(next: Theme) {
    setFailed(false);
    setTheme(next);
    if (!(await savePreference({ theme: next }))) setFailed(true);
  }

  async function chooseOddsFormat(next: OddsFormat) {
    setFailed(false);
    if (!(await setOddsFormat(next))) setFailed(true);
  }

  return (
    <CenterPage title={t('views.setEntry')} lead={t('settings.lead')}>
      <div className="grid max-w-2xl gap-6">
        {failed ? <FormAlert>{t('settings.saveFailed')}</FormAlert> : null}
        <fieldset>
          <legend className="text-base font-semibold">{t('settings.language')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {LOCALES.map((option) => (
              <label key={option.code} className={optionClass} lang={option.iso}>
                <input
                  type="radio"
                  name="locale"
                  value={option.code}
                  checked={option.code === locale}
                  onChange={() => void chooseLocale(option.code)}
                  className="accent-[var(--accent)]"
                />
                {t(`common:language.${option.code}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-base font-semibold">{t('settings.theme')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {THEMES.map((option) => (
              <label key={option} className={optionClass}>
                <input
                  type="radio"
                  name="theme"
                  value={option}
                  checked={option === theme}
                  onChange={() => void chooseTheme(option)}
                  className="accent-[var(--accent)]"
                />
                {t(`settings.themes.${option}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={oddsFormatId} className="text-base font-semibold">
            {t('settings.oddsFormat')}
          </label>
          <p className="text-sm text-muted">{t('settings.oddsFormatHint')}</p>
          <select
            id={oddsFormatId}
            value={oddsFormat}
            onChange={(event) => {
              if (isOddsFormat(event.target.value)) void chooseOddsFormat(event.target.value);
            }}
            className="mt-2 w-full rounded-md border border-line bg-surface px-3 py-2.5 sm:w-auto"
            data-testid="settings-odds-format"
          >
            {ODDS_FORMATS.map((option) => (
              <option key={option} value={option}>
                {t(`settings.oddsFormats.${option}`, { example: formatOdds(EXAMPLE_ODDS, option, locale) })}
              </option>
            ))}
          </select>
        </div>
        <ul className="divide-y divide-line border-y border-line">
          {(['notificationsSettings', 'aboutUs', 'cancelAccount'] as const).map((view) => (
            <li key={view}>
              <LocalLink to={personalCenterPath(view)} className="flex items-center justify-between py-3 hover:text-accent">
                <span>{t(`views.${view}`)}</span>
                <span aria-hidden="true" className="text-muted">
                  ›
                </span>
              </LocalLink>
            </li>
          ))}
        </ul>
      </div>
    </CenterPage>
  );
}
