import { parseChallengeForm } from './challenge-form';

const origin = 'https://acs.paydesk.test';
const formHtml = (action: string, extra = '') =>
  `<html><body><form method="post" action="${action}"><input type="hidden" name="creq" value="abc"><input type="hidden" name="threeDSSessionData" value="t-1"><input type="text" name="visible" value="x"></form>${extra}</body></html>`;

afterEach(() => {
  delete (window as { hacked?: boolean }).hacked;
});

test('keeps the action and the hidden inputs of the one form', () => {
  expect(parseChallengeForm(formHtml(`${origin}/challenge`), origin)).toEqual({
    action: `${origin}/challenge`,
    fields: [
      ['creq', 'abc'],
      ['threeDSSessionData', 't-1'],
    ],
  });
});

test('a form that posts anywhere but the challenge origin is refused', () => {
  expect(parseChallengeForm(formHtml('https://evil.test/challenge'), origin)).toBeNull();
  expect(parseChallengeForm(formHtml('https://acs.paydesk.test.evil.test/challenge'), origin)).toBeNull();
  expect(parseChallengeForm(formHtml('/challenge'), origin)).toBeNull();
  expect(parseChallengeForm(formHtml('javascript:alert(1)'), origin)).toBeNull();
});

test('no form, or more than one, is refused', () => {
  expect(parseChallengeForm('<p>nothing</p>', origin)).toBeNull();
  expect(parseChallengeForm(formHtml(`${origin}/a`, `<form method="post" action="${origin}/b"></form>`), origin)).toBeNull();
});

test('parsing runs no script and adds nothing to the page', () => {
  const before = document.body.innerHTML;
  parseChallengeForm(formHtml(`${origin}/c`, '<script>window.hacked = true</script><img src=x onerror="window.hacked = true">'), origin);
  expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  expect(document.body.innerHTML).toBe(before);
});
