import type { CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import { formatMoney } from '@paydesk/shared/format';
import { PayerPage } from '../components/payer-page';
import { SecurePaymentCard } from '../features/checkout/components/checkout-cards';
import PayFormPage from '../pages/pay-form-page';
import { renderFirstView, type FirstView } from './first-view';

/** The pay form, as it must be before scripts: a Pay button that submits nothing (the form has no action). */
function payForm(): FirstView {
  const view = renderFirstView(<PayFormPage />);
  const buttons = view.html.match(/type="submit"/g)?.length ?? 0;
  if (buttons !== 1) throw new Error(`first view: the pay form has ${buttons} submit buttons, not one`);
  return { ...view, html: view.html.replace('type="submit"', 'type="button"') };
}

/** An amount no checkout is painted with, which the view then names `{{amount}}`. */
const STAND_IN_AMOUNT = 987654.32;

/**
 * The widget as CheckoutPage renders a payable checkout, with the stand-ins of
 * `@paydesk/shared/first-view-slots` where the checkout's values go: the server fills them in for
 * each payer's checkout, and sends the page's first answers with it, so the page's first render
 * shows the same card with no skeleton in between.
 */
function checkout(): FirstView & { fill: 'checkout' } {
  const standIns: CheckoutRequest = {
    reference: '',
    first_name: '{{first_name}}',
    last_name: '{{last_name}}',
    email: '{{email}}',
    phone: '',
    amount: STAND_IN_AMOUNT,
    metadata: {},
    callback_url: null,
    status: 'pending',
  };
  const view = renderFirstView(
    <PayerPage>
      <SecurePaymentCard checkout={standIns} onPay={() => undefined} />
    </PayerPage>,
  );
  const amount = formatMoney(STAND_IN_AMOUNT);
  if (view.html.split(amount).length !== 2) throw new Error('first view: the widget shows its amount other than once');
  return { ...view, html: view.html.replace(amount, '{{amount}}'), fill: 'checkout' };
}

/** The pages the server paints in a payer's first response, by expose. */
export const firstViewPages = (): Record<string, FirstView> => ({ './PayFormPage': payForm(), './CheckoutPage': checkout() });
