// jsdom plus the platform pieces it lacks and the product uses: Node's fetch family (with Node's
// AbortController, so RTK Query's signals are the kind fetch expects) and the text codecs.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const page = this.global;
    // As in a browser, relative addresses resolve against the page's location.
    const absolute = (input) =>
      typeof input === 'string' || input instanceof URL ? new URL(String(input), page.location.href).href : input;
    class PageRequest extends Request {
      constructor(input, init) {
        super(absolute(input), init);
      }
    }
    Object.assign(page, {
      fetch: (input, init) => globalThis.fetch(absolute(input), init),
      Request: PageRequest,
      Response,
      Headers,
      FormData,
      AbortController,
      AbortSignal,
      structuredClone,
      TextEncoder,
      TextDecoder,
    });
  }
}

module.exports = JsdomEnvironment;
