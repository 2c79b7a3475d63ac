import PayFormPage from '../pages/pay-form-page';
import { renderFirstView, type FirstView } from './first-view';

/** The pay form, as it must be before scripts: a Pay button that submits nothing (the form has no action). */
function payForm(): FirstView {
  const view = renderFirstView(<PayFormPage />);
  const buttons = view.html.match(/type="submit"/g)?.length ?? 0;
  if (buttons !== 1) throw new Error(`first view: the pay form has ${buttons} submit buttons, not one`);
  return { ...view, html: view.html.replace('type="submit"', 'type="button"') };
}

/** The pages the server paints in a payer's first response, by expose. */
export const firstViewPages = (): Record<string, FirstView> => ({ './PayFormPage': payForm() });
