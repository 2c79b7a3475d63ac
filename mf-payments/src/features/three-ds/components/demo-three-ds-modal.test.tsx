import { act, fireEvent, render, screen } from '@testing-library/react';
import { DemoThreeDsModal } from './demo-three-ds-modal';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const verify = () => screen.getByRole('button', { name: 'Verify & Pay' }) as HTMLButtonElement;
const typeOtp = (value: string) => fireEvent.change(screen.getByLabelText('OTP'), { target: { value } });

test('the OTP keeps six digits only, and Verify & Pay waits for six', () => {
  render(<DemoThreeDsModal amount={25} onDone={jest.fn()} />);
  typeOtp('12a34');
  expect((screen.getByLabelText('OTP') as HTMLInputElement).value).toBe('1234');
  expect(verify().disabled).toBe(true);
  typeOtp('12345678');
  expect((screen.getByLabelText('OTP') as HTMLInputElement).value).toBe('123456');
  expect(verify().disabled).toBe(false);
});

test.each(['123456', '123459'])('Verify & Pay hands over the code typed (%s), after 2 s, and decides nothing itself', (code) => {
  const onDone = jest.fn();
  render(<DemoThreeDsModal amount={25} onDone={onDone} />);
  typeOtp(code);
  fireEvent.click(verify());
  expect(verify().disabled).toBe(true);
  act(() => jest.advanceTimersByTime(1999));
  expect(onDone).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(onDone).toHaveBeenCalledWith(code);
  expect(onDone).toHaveBeenCalledTimes(1);
});

test('the countdown runs from 2:00 and, at zero, ends without a code', () => {
  const onDone = jest.fn();
  render(<DemoThreeDsModal amount={25} onDone={onDone} />);
  expect(screen.getByTestId('demo-3ds-countdown').textContent).toBe('Time remaining: 2:00');
  act(() => jest.advanceTimersByTime(1000));
  expect(screen.getByTestId('demo-3ds-countdown').textContent).toBe('Time remaining: 1:59');
  act(() => jest.advanceTimersByTime(118_000));
  expect(onDone).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1000));
  expect(onDone).toHaveBeenCalledWith(null);
});

test('Cancel Transaction ends at once without a code', () => {
  const onDone = jest.fn();
  render(<DemoThreeDsModal amount={25} onDone={onDone} />);
  typeOtp('123456');
  fireEvent.click(screen.getByRole('button', { name: 'Cancel Transaction' }));
  expect(onDone).toHaveBeenCalledWith(null);
});
