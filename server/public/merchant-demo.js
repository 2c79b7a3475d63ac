// The merchant demo page's script (served at /demo/merchant/merchant.js in demo mode). It is what
// a merchant writes: plain browser code, no build step. It asks its own server for a checkout,
// opens the widget in a popup and lists the messages the widget sends: only from the widget's
// origin, only of the three known types, only about this checkout.
(function () {
  'use strict';
  var types = ['PAYMENT_SUCCESS', 'PAYMENT_PENDING', 'PAYMENT_CANCELLED'];
  var form = document.getElementById('order');
  var amountInput = document.getElementById('amount');
  var status = document.getElementById('status');
  var heard = document.getElementById('heard');
  var current = null;

  function isWidgetMessage(data) {
    return (
      typeof data === 'object' &&
      data !== null &&
      types.indexOf(data.type) !== -1 &&
      typeof data.reference === 'string' &&
      (data.transaction_id === undefined || typeof data.transaction_id === 'string')
    );
  }

  function show(message) {
    var item = document.createElement('li');
    item.dataset.type = message.type;
    item.dataset.reference = message.reference;
    if (message.transaction_id) item.dataset.transactionId = message.transaction_id;
    item.textContent = [message.type, message.reference, message.transaction_id].filter(Boolean).join(' · ');
    heard.append(item);
  }

  window.addEventListener('message', function (event) {
    if (!current || event.origin !== current.widgetOrigin) return;
    if (!isWidgetMessage(event.data) || event.data.reference !== current.reference) return;
    show(event.data);
    // A real merchant now asks its own server to confirm the payment before shipping anything.
    status.textContent = 'Heard ' + event.data.type + '.';
  });

  function createCheckout(amount) {
    return fetch('/demo/merchant/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: amount }),
    }).then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok || !body.data) throw new Error(body.message || 'Could not create the checkout');
        return body.data;
      });
    });
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    // Opened at once, inside the click, so popup blockers let it through; the address follows.
    var popup = window.open('about:blank', 'paydesk-checkout', 'popup,width=520,height=760');
    status.textContent = 'Creating the checkout…';
    createCheckout(Number(amountInput.value))
      .then(function (checkout) {
        current = { reference: checkout.reference, widgetOrigin: new URL(checkout.checkout_url).origin };
        status.textContent = 'Checkout ' + checkout.reference + ' opened.';
        if (popup) popup.location.href = checkout.checkout_url;
        else window.location.assign(checkout.checkout_url);
      })
      .catch(function (error) {
        if (popup) popup.close();
        status.textContent = error.message;
      });
  });

  // The webhooks this shop's server heard (it checks each signature): polled, newest first.
  var webhooks = document.getElementById('webhooks');
  function showWebhooks() {
    fetch('/demo/merchant/webhooks')
      .then(function (response) {
        return response.json();
      })
      .then(function (body) {
        webhooks.replaceChildren.apply(
          webhooks,
          body.data.map(function (hook) {
            var item = document.createElement('li');
            item.dataset.eventId = hook.id;
            item.textContent = [
              hook.received_at.slice(11, 19),
              hook.type,
              hook.id,
              hook.verified ? 'signature verified' : 'signature NOT verified',
            ].join(' · ');
            return item;
          }),
        );
      })
      .catch(function () {
        // The next poll tries again.
      });
  }
  showWebhooks();
  setInterval(showWebhooks, 2000);

  if (new URLSearchParams(window.location.search).get('done') === '1') {
    status.textContent = 'Back from the checkout: the merchant server confirms the payment now.';
  }
})();
