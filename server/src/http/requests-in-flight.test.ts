import { requestsInFlight } from './requests-in-flight';

describe('requests in flight', () => {
  let clock = 0;
  const gauge = () => requestsInFlight(250, () => clock);
  beforeEach(() => {
    clock = 0;
  });

  it('reads the number of requests held over the last window', () => {
    const g = gauge();
    for (let i = 0; i < 20; i += 1) g.started();
    clock += 2_000;
    expect(g.average()).toBeCloseTo(20, 1);
    for (let i = 0; i < 20; i += 1) g.finished();
    clock += 2_000;
    expect(g.average()).toBeCloseTo(0, 1);
    expect(g.now()).toBe(0);
  });

  it('counts a short burst as little load, and a steady load as all of it', () => {
    const g = gauge();
    for (let i = 0; i < 100; i += 1) g.started();
    clock += 1;
    for (let i = 0; i < 100; i += 1) g.finished();
    expect(g.average()).toBeLessThan(1);
    for (let i = 0; i < 8; i += 1) g.started();
    clock += 125;
    expect(g.average()).toBeGreaterThan(3);
    expect(g.average()).toBeLessThan(8);
  });
});
