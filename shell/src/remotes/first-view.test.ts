import { holdFirstViewSubmits, submitHeld } from './first-view';

beforeAll(holdFirstViewSubmits);

/** The server's first view of a page with two forms, then the page that replaces it. */
function paint(): HTMLElement {
  document.body.innerHTML =
    '<div id="root"><div data-first-view>' +
    '<form><input></form><form><input id="amount"><button type="button">Pay</button></form>' +
    '</div></div><form id="outside"><button>Go</button></form>';
  return document.getElementById('root')!;
}
function takeOver(root: HTMLElement): jest.Mock {
  root.innerHTML = '<form></form><form></form>';
  const submitted = jest.fn((event: Event) => event.preventDefault());
  root.querySelectorAll('form')[1]!.addEventListener('submit', submitted);
  root.querySelectorAll('form')[0]!.addEventListener('submit', () => {
    throw new Error('the wrong form');
  });
  return submitted;
}

test("a button pressed in the first view is asked again of the page's same form, once", () => {
  const root = paint();
  document.querySelector<HTMLButtonElement>('[data-first-view] button')!.click();
  const submitted = takeOver(root);
  submitHeld(root);
  submitHeld(root);
  expect(submitted).toHaveBeenCalledTimes(1);
});

test('so is Enter in one of its fields', () => {
  const root = paint();
  const amount = document.getElementById('amount')!;
  const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
  amount.dispatchEvent(enter);
  expect(enter.defaultPrevented).toBe(true);
  const submitted = takeOver(root);
  submitHeld(root);
  expect(submitted).toHaveBeenCalledTimes(1);
});

test('nothing asked, or asked of a form outside the first view, is nothing held', () => {
  const root = paint();
  const outside = jest.fn((event: Event) => event.preventDefault());
  document.getElementById('outside')!.addEventListener('submit', outside);
  document.querySelector<HTMLButtonElement>('#outside button')!.click();
  expect(outside).toHaveBeenCalledTimes(1);
  document.getElementById('amount')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
  const submitted = takeOver(root);
  submitHeld(root);
  expect(submitted).not.toHaveBeenCalled();
});

test("a button outside any form (the widget's Pay) is pressed again on the page's same button, once", () => {
  const root = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  root.id = 'root';
  root.innerHTML = '<div data-first-view><button type="button">Help</button><button type="button">Pay</button></div>';
  const painted = root.querySelectorAll('button')[1]!;
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  painted.dispatchEvent(click);
  expect(click.defaultPrevented).toBe(true);
  root.innerHTML = '<button type="button">Help</button><button type="button">Pay</button>';
  const help = jest.fn();
  const pay = jest.fn();
  root.querySelectorAll('button')[0]!.addEventListener('click', help);
  root.querySelectorAll('button')[1]!.addEventListener('click', pay);
  submitHeld(root);
  submitHeld(root);
  expect(pay).toHaveBeenCalledTimes(1);
  expect(help).not.toHaveBeenCalled();
});
