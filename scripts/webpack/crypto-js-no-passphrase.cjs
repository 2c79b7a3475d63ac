// Put in place of crypto-js's md5.js and evpkdf.js in every front-end bundle (create-config.cjs):
// they are crypto-js's passphrase support (OpenSSL's EVP_BytesToKey with MD5, and SHA-1), which
// Paydesk never uses: the card envelope (shared/src/crypto/envelope.ts) encrypts with keys derived
// by HMAC-SHA256, never from a passphrase. crypto-js's AES requires them anyway (CommonJS, so
// nothing is tree-shaken): about 1.8 KB gzip on the checkout widget's first load. Whatever asks
// for a passphrase key gets this error instead of a silent wrong key.
const CryptoJS = require('crypto-js/core');

const refuse = () => {
  throw new Error('crypto-js passphrase keys are not in this bundle (scripts/webpack/crypto-js-no-passphrase.cjs): encrypt with a key');
};
CryptoJS.algo.EvpKDF = { create: refuse };
CryptoJS.EvpKDF = refuse;

module.exports = CryptoJS;
