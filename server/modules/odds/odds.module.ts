import { oddsMarginOf, oddsSettings } from './odds-config';
import { need, type TribunModule } from '../definition';
import { createOddsService, type OddsService } from './odds.service';

declare module '../definition' {
  interface ModuleServices {
    /** the odds models of the leagues (markets of the prediction centre and the contest) */
    odds: OddsService;
  }
}

/** The odds models: fitted per league from past results only. */
export const oddsModule: TribunModule = {
  name: 'odds',
  settings: oddsSettings,
  provide: ({ environment, db }) => ({ odds: createOddsService({ db, margin: oddsMarginOf(environment) }) }),
  async routes(app, context) {
    if (!context.options.warmOdds) return;
    const odds = need(context, 'odds', 'odds');
    // In the background: the first betting day or publish form then finds the leagues fitted.
    app.addHook('onReady', async () => {
      odds.warm().catch((error: unknown) => app.log.error({ err: error }, 'odds: warming the models failed'));
    });
  },
};
