import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { ProgressBar } from '../../../components/progress-bar';
import { ShellAlert } from '../../../components/shell-alert';
import { customerLabel } from '../../../lib/customer-account';
import { errorTextOf } from '../../../lib/error-text';
import { useSignInAgain } from '../../../lib/sign-in-again';
import { toSupportedLanguage } from '../../../lib/languages';
import { paths, reportsPath } from '../../../paths';
import { fetchHome } from '../api';
import type { HomeSummary } from '../model';

export interface SignedInHomeProps {
  /** The name to greet, from the sign-in (shown at once, before the summary arrives). */
  userName: string;
  vendorName: string;
}

type Load =
  { state: 'loading' } | { state: 'loaded'; home: HomeSummary } | { state: 'failed'; error: unknown };

/** GET /api/home for the language, again on `retry`; a result is shown only for the request it answers. */
function useHomeSummary(language: string): [Load, () => void] {
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const key = `${language}#${attempt}`;
  const [result, setResult] = useState<{ key: string; load: Load } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    dispatch(fetchHome(language, controller.signal)).then(
      (home) => setResult({ key, load: { state: 'loaded', home } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ key, load: { state: 'failed', error } });
      },
    );
    return () => controller.abort();
  }, [dispatch, language, key]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [result?.key === key ? result.load : { state: 'loading' }, retry];
}

/**
 * The signed-in home (issue 17): a greeting, the user's customer accounts, and shortcuts to the latest reports,
 * the embedded reports and the installers, with what is new since the previous visit (GET /api/home; the server
 * knows the visit from its users table).
 */
export default function SignedInHome({ userName, vendorName }: SignedInHomeProps) {
  const { t, i18n } = useTranslation();
  const language = toSupportedLanguage(i18n.language) ?? 'en';
  const [load, retry] = useHomeSummary(language);
  // An expired sign-in is not helped by "Try again": the button signs in again.
  const signInAgain = useSignInAgain(load.state === 'failed' ? load.error : null);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const vendor = vendorName.trim() === '' ? t('Header.logo') : vendorName;
  const home = load.state === 'loaded' ? load.home : null;
  const previous = home?.user.previousVisitAt ?? null;
  const firstAccount = home?.accounts[0]?.databaseName;

  return (
    <div className="portal-page portal-home-signed-in">
      <div className="portal-home-greeting">
        <h1 className="portal-h4">
          {home !== null && previous === null
            ? t('Home.greetingFirst', { name: userName })
            : t('Home.greeting', { name: userName })}
        </h1>
        {previous !== null && (
          <p className="portal-muted">{t('Home.lastVisit', { date: dateTime.format(new Date(previous)) })}</p>
        )}
      </div>
      {load.state === 'loading' && <ProgressBar label={t('Home.loading')} delayed />}
      {load.state === 'failed' && (
        <ShellAlert
          message={t('Common.loadError', { what: t('Home.summary'), message: errorTextOf(t, load.error) })}
          retryLabel={signInAgain ? t('Header.signInAgain') : t('Common.retry')}
          onRetry={signInAgain ?? retry}
        />
      )}
      {home !== null && (
        <>
          <section className="portal-home-news" aria-labelledby="home-news">
            <h2 id="home-news" className="portal-h6">
              {t('Home.whatsNew')}
            </h2>
            <ul>
              {previous === null && <li>{t('Home.firstVisit')}</li>}
              {previous !== null && home.reports.addedSinceLastVisit > 0 && (
                <li>{t('Home.newReports', { count: home.reports.addedSinceLastVisit })}</li>
              )}
              {previous !== null && home.reports.updatedSinceLastVisit && (
                <li>
                  {t('Home.reportsUpdatedSince', { date: dateTime.format(new Date(home.reports.updatedAt)) })}
                </li>
              )}
              {previous !== null &&
                home.reports.addedSinceLastVisit === 0 &&
                !home.reports.updatedSinceLastVisit && <li>{t('Home.nothingNew')}</li>}
            </ul>
          </section>
          <div className="portal-home-grid">
            <section className="portal-card" aria-labelledby="home-accounts">
              <h2 id="home-accounts" className="portal-h6">
                {t('Home.accountsTitle')}
              </h2>
              {home.accounts.length === 0 ? (
                <p>{t('Home.noAccounts', { vendor })}</p>
              ) : (
                <ul className="portal-home-list">
                  {home.accounts.map((account) => (
                    <li key={account.databaseName}>
                      <Link to={reportsPath({ account: account.databaseName })}>
                        {customerLabel(account)}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="portal-card" aria-labelledby="home-reports">
              <h2 id="home-reports" className="portal-h6">
                {t('Home.reportsTitle')}
              </h2>
              {home.reports.latest.length === 0 ? (
                <p>{t('Home.noReports')}</p>
              ) : (
                <>
                  <p className="portal-muted">
                    {t('Home.reportsUpdated', { date: dateTime.format(new Date(home.reports.updatedAt)) })}
                  </p>
                  <ul className="portal-home-list">
                    {home.reports.latest.map((report) => (
                      <li key={`${report.nodeId}/${report.name}`}>
                        <Link
                          to={reportsPath({
                            ...(firstAccount === undefined ? {} : { account: firstAccount }),
                            folder: report.nodeId,
                          })}
                        >
                          {report.name}
                        </Link>
                        {report.isNew && <span className="portal-badge">{t('Home.newBadge')}</span>}
                        <span className="portal-muted"> · {report.folder}</span>
                        <br />
                        <span className="portal-home-description">{report.description}</span>
                      </li>
                    ))}
                  </ul>
                  <Link to={paths.reports} className="portal-button portal-button-outlined">
                    {t('Home.allReports', { count: home.reports.count })}
                  </Link>
                </>
              )}
            </section>
            {home.embeddedReports !== null && (
              <section className="portal-card" aria-labelledby="home-embedded">
                <h2 id="home-embedded" className="portal-h6">
                  {t('Home.embeddedTitle')}
                </h2>
                {!home.embeddedReports.available ? (
                  <p>{t('Home.embeddedUnavailable')}</p>
                ) : home.embeddedReports.reports.length === 0 ? (
                  <p>{t('Home.embeddedNone')}</p>
                ) : (
                  <ul className="portal-home-list">
                    {home.embeddedReports.reports.map((report) => (
                      <li key={report.reportId}>
                        <Link to={paths.embeddedReports}>{report.reportName}</Link>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )}
            <section className="portal-card" aria-labelledby="home-installers">
              <h2 id="home-installers" className="portal-h6">
                {t('Home.installersTitle')}
              </h2>
              <p>{t('Home.installersText', { vendor })}</p>
              <Link to={paths.controlPanelUpgrade} className="portal-button portal-button-outlined">
                {t('Home.installersUpgrade')}
              </Link>
            </section>
          </div>
        </>
      )}
    </div>
  );
}
