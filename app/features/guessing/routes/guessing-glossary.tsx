import type { MetaFunction } from 'react-router';
import { pageMeta } from '../../../lib/page-meta';
import { GlossaryView } from '../components/glossary';
import { GuessingFrame } from '../components/guessing-frame';

export const meta: MetaFunction = (args) => pageMeta(args, { namespace: 'guessing', title: 'glossary.title', description: 'glossary.lead' });

/** /guessing/glossary: the markets and terms of the contest and the prediction centre, in three cultures. */
export default function GuessingGlossaryRoute() {
  return (
    <GuessingFrame tab="glossary">
      <GlossaryView />
    </GuessingFrame>
  );
}
