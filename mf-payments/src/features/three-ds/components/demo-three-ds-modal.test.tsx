import { act, fireEvent, render, screen } from '@testing-library/react';
import { DemoThreeDsModal } from './demo-three-ds-modal';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const verify = () => screen.getByRole('button', { name: 'Verify & Pay' }) as HTMLButtonElement;
const typeOtp = (value: string) => fireEvent.change(screen.getByLabelText('OTP'), { target: { value } });

test('the OTP keeps six digits only, and Verify & Pay waits for six', () => {
  render(<DemoThreeDsModal amount={25} onResult={jest.fn()} random={() => 0} />);
  typeOtp('12a34');
  expect((screen.getByLabelText('OTP') as HTMLInputElement).value).toBe('1234');
  expect(verify().disabled).toBe(true);
  typeOtp('12345678');
  expect((screen.getByLabelText('OTP') as HTMLInputElement).value).toBe('123456');
  expect(verify().disabled).toBe(false);
});

test.each([
  [0.79, true],
  [0.8, false],
])('with the random source at %p the verification succeeds: %p, after 2 s', (draw, success) => {
  const onResult = jest.fn();
  render(<DemoThreeDsModal amount={25} onResult={onResult} random={() => draw} />);
  typeOtp('123456');
  fireEvent.click(verify());
  expect(verify().disabled).toBe(true);
  act(() => jest.advanceTimersByTime(1999));
  expect(onResult).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(onResult).toHaveBeenCalledWith(success);
  expect(onResult).toHaveBeenCalledTimes(1);
});

test('the countdown runs from 2:00 and, at zero, fails the challenge', () => {
  const onResult = jest.fn();
  render(<DemoThreeDsModal amount={25} onResult={onResult} random={() => 0} />);
  expect(screen.getByTestId('demo-3ds-countdown').textContent).toBe('Time remaining: 2:00');
  act(() => jest.advanceTimersByTime(1000));
  expect(screen.getByTestId('demo-3ds-countdown').textContent).toBe('Time remaining: 1:59');
  act(() => jest.advanceTimersByTime(118_000));
  expect(onResult).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1000));
  expect(onResult).toHaveBeenCalledWith(false);
});

test('Cancel Transaction reports a failure at once', () => {
  const onResult = jest.fn();
  render(<DemoThreeDsModal amount={25} onResult={onResult} random={() => 0} />);
  fireEvent.click(screen.getByRole('button', { name: 'Cancel Transaction' }));
  expect(onResult).toHaveBeenCalledWith(false);
});
