/* A stand-in for Stripe.js (https://js.stripe.com/endive/stripe.js) served to the page by the e2e tests (issue 20):
 * the same global `Stripe(publishableKey)` with the calls the panel makes through @stripe/react-stripe-js
 * (elements, create('payment'), mount, on/off, submit, confirmSetup). The Payment Element is three plain inputs
 * instead of Stripe's iframe; confirmSetup posts the card to https://api.stripe.com/v1/setup_intents/:id/confirm
 * exactly as Stripe.js does (the test routes that origin to the local fake of Stripe's API). */
(function () {
  'use strict';
  function encode(params) {
    return Object.keys(params)
      .map(function (k) {
        return encodeURIComponent(k) + '=' + encodeURIComponent(params[k]);
      })
      .join('&');
  }

  function createPaymentElement(elements) {
    var handlers = {};
    var root = null;
    var inputs = {};
    function emit(name, payload) {
      (handlers[name] || []).slice().forEach(function (h) {
        h(payload);
      });
    }
    function state() {
      var number = (inputs.number && inputs.number.value.replace(/\s+/g, '')) || '';
      var expiry = (inputs.expiry && inputs.expiry.value) || '';
      var cvc = (inputs.cvc && inputs.cvc.value) || '';
      return {
        number: number,
        expiry: expiry,
        cvc: cvc,
        complete: number.length >= 12 && /^\d\d ?\/ ?\d\d$/.test(expiry) && cvc.length >= 3,
      };
    }
    function field(name, label, placeholder) {
      var wrap = document.createElement('label');
      wrap.className = 'standin-card-field';
      wrap.style.cssText = 'display:flex;flex-direction:column;gap:4px;font-size:13px;flex:1';
      wrap.textContent = label;
      var input = document.createElement('input');
      input.name = name;
      input.placeholder = placeholder;
      input.autocomplete = 'off';
      input.style.cssText = 'padding:8px;border:1px solid #c9c2c6;border-radius:6px;font:inherit';
      input.addEventListener('input', function () {
        var s = state();
        emit('change', { elementType: 'payment', empty: !s.number && !s.expiry && !s.cvc, complete: s.complete, value: { type: 'card' } });
      });
      wrap.appendChild(input);
      inputs[name] = input;
      return wrap;
    }
    var element = {
      mount: function (target) {
        root = typeof target === 'string' ? document.querySelector(target) : target;
        var box = document.createElement('div');
        box.setAttribute('data-testid', 'stripe-standin');
        box.style.cssText = 'display:flex;gap:8px;flex-wrap:wrap';
        box.appendChild(field('number', 'Card number', '1234 1234 1234 1234'));
        box.appendChild(field('expiry', 'Expiration date', 'MM / YY'));
        box.appendChild(field('cvc', 'Security code', 'CVC'));
        root.appendChild(box);
        setTimeout(function () {
          emit('ready', { elementType: 'payment' });
        }, 0);
      },
      on: function (name, handler) {
        (handlers[name] = handlers[name] || []).push(handler);
        return element;
      },
      off: function (name, handler) {
        handlers[name] = (handlers[name] || []).filter(function (h) {
          return h !== handler;
        });
        return element;
      },
      update: function () {},
      focus: function () {},
      blur: function () {},
      clear: function () {},
      collapse: function () {},
      unmount: function () {
        if (root) root.innerHTML = '';
      },
      destroy: function () {
        element.unmount();
        delete elements._elements.payment;
      },
      _state: state,
    };
    return element;
  }

  function Stripe(publishableKey) {
    if (!(this instanceof Stripe)) return new Stripe(publishableKey);
    this._key = publishableKey;
  }
  Stripe.version = 'endive';
  Stripe.prototype._registerWrapper = function () {};
  Stripe.prototype.registerAppInfo = function () {};
  Stripe.prototype.createToken = function () {
    return Promise.reject(new Error('not in the stand-in'));
  };
  Stripe.prototype.createPaymentMethod = Stripe.prototype.createToken;
  Stripe.prototype.confirmCardPayment = Stripe.prototype.createToken;
  Stripe.prototype.elements = function (options) {
    var elements = {
      _options: options || {},
      _elements: {},
      create: function (type) {
        if (type !== 'payment') throw new Error('The stand-in has only the Payment Element');
        var element = createPaymentElement(elements);
        elements._elements.payment = element;
        return element;
      },
      getElement: function (type) {
        return elements._elements[type] || null;
      },
      update: function (next) {
        Object.assign(elements._options, next || {});
      },
      fetchUpdates: function () {
        return Promise.resolve({});
      },
      submit: function () {
        var element = elements._elements.payment;
        if (!element) return Promise.resolve({ error: { type: 'validation_error', message: 'The card form is not mounted.' } });
        var s = element._state();
        if (!s.number)
          return Promise.resolve({
            error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
          });
        if (!s.complete)
          return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete', message: 'Your card details are incomplete.' } });
        return Promise.resolve({});
      },
    };
    return elements;
  };
  Stripe.prototype.confirmSetup = function (args) {
    var elements = args.elements;
    var secret = args.clientSecret || elements._options.clientSecret;
    var element = elements._elements.payment;
    var s = element._state();
    var parts = s.expiry.split('/').map(function (p) {
      return p.trim();
    });
    var id = secret.split('_secret_')[0];
    return fetch('https://api.stripe.com/v1/setup_intents/' + id + '/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: encode({
        key: this._key,
        client_secret: secret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': s.number,
        'payment_method_data[card][exp_month]': parts[0] || '',
        'payment_method_data[card][exp_year]': parts[1] || '',
        'payment_method_data[card][cvc]': s.cvc,
      }),
    })
      .then(function (response) {
        return response.json();
      })
      .then(function (body) {
        if (body.error) return { error: body.error };
        return { setupIntent: body };
      });
  };
  window.Stripe = Stripe;
})();
