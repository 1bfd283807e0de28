import { useTranslation } from 'react-i18next';
import { GuessingCard } from './guessing-frame';

/**
 * The names each of the three cultures gives a market. They are the words fans of that culture
 * use, so they stay the same whatever language the page is read in; only the meaning column is
 * translated.
 */
export const MARKET_NAMES = [
  { id: '1x2', en: '1X2 (match result)', tr: 'MS 1-0-2 (Maç Sonucu)', zh: '胜平负' },
  { id: 'handicap', en: 'Asian handicap', tr: 'Handikap (Asya handikapı)', zh: '让球' },
  { id: 'overUnder', en: 'Over/under (totals)', tr: 'Alt/Üst', zh: '大小球' },
  { id: 'cornersOverUnder', en: 'Corners over/under', tr: 'Korner Alt/Üst', zh: '角球大小' },
  { id: 'cornersMost', en: 'Most corners', tr: 'En çok korner', zh: '角球数较多' },
  { id: 'halfTime', en: 'Half-time markets', tr: 'İY (İlk Yarı)', zh: '半场' },
  { id: 'htft', en: 'Half-time/full-time', tr: 'İY/MS', zh: '半全场' },
  { id: 'btts', en: 'Both teams to score', tr: 'KG Var / Yok', zh: '双方进球' },
] as const;

export const GLOSSARY_TERMS = ['1x2', 'handicap', 'quarter', 'overUnder', 'halfTime', 'corners', 'htft', 'btts', 'push', 'halfResults', 'parlay', 'void', 'oddsFormats', 'cutoff', 'points'] as const;

/** /guessing/glossary: every market and term, and how the three cultures name the markets. */
export function GlossaryView() {
  const { t } = useTranslation('guessing');
  return (
    <>
      <GuessingCard title={t('glossary.namesTitle')} lead={t('glossary.namesLead')} testId="glossary-names">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-sm">
            <thead className="text-left text-xs text-muted">
              <tr>
                <th className="py-1 pr-3">{t('glossary.head.meaning')}</th>
                <th className="py-1 pr-3" lang="tr">
                  Türkçe
                </th>
                <th className="py-1 pr-3" lang="en">
                  English
                </th>
                <th className="py-1" lang="zh">
                  中文
                </th>
              </tr>
            </thead>
            <tbody>
              {MARKET_NAMES.map((row) => (
                <tr key={row.id} className="border-t border-line align-top">
                  <td className="py-1.5 pr-3 font-medium">{t(`glossary.names.${row.id}`)}</td>
                  <td className="py-1.5 pr-3" lang="tr">
                    {row.tr}
                  </td>
                  <td className="py-1.5 pr-3" lang="en">
                    {row.en}
                  </td>
                  <td className="py-1.5" lang="zh">
                    {row.zh}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </GuessingCard>
      <GuessingCard title={t('glossary.title')} lead={t('glossary.lead')} testId="glossary">
        <dl className="grid gap-4">
          {GLOSSARY_TERMS.map((term) => (
            <div key={term} id={`term-${term}`} className="grid gap-1">
              <dt className="font-semibold">{t(`glossary.terms.${term}.title`)}</dt>
              <dd className="text-sm leading-relaxed whitespace-pre-line text-muted">{t(`glossary.terms.${term}.text`)}</dd>
            </div>
          ))}
        </dl>
      </GuessingCard>
    </>
  );
}
