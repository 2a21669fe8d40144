// The SSD1306 panel at 0x3C as the emulated Pico's firmware reaches it
// (host/emu/board.mjs): on I2C0 (GP4/GP5), each transaction completed after its
// bus time and handed to the host, with its start and end time, for the panel
// model on the Python side (host/screen/ssd1306_panel.py); and the software
// open-drain target that answers i2c.scan() on the same two pins.

const PANEL_ADDR = 0x3c;
const SDA = 4;
const SCL = 5;
const FUNCTION_SIO = 5;

// The panel on GP4/GP5: to I2C0 and to a scan in software alike.
export function attachPanel(board) {
  attachI2c0(board);
  attachScanTarget(board);
}

// ---- I2C0: the panel at 0x3C, with bus timing from the programmed SCL counts ----
function attachI2c0(board) {
  const i2c = board.mcu.i2c[0];
  const clock = board.clock;
  let after = null;
  const alarm = clock.createAlarm(() => {
    const fn = after;
    after = null;
    fn();
  });
  const later = (periods, fn) => {
    after = fn;
    alarm.schedule(periods * sclPeriodNs(i2c, board.mcu));
  };
  let tx = null; // the transaction to the panel in progress
  let startNs = 0;
  i2c.onStart = () => {
    startNs = clock.nanos;
    later(1, () => i2c.completeStart());
  };
  i2c.onConnect = (address, mode) =>
    later(9, () => {
      const ack = address === PANEL_ADDR;
      if (ack && mode === 0 && !tx) {
        tx = { start: startNs, bytes: [] }; // from the START condition
      }
      i2c.completeConnect(ack);
    });
  i2c.onWriteByte = (value) =>
    later(9, () => {
      if (tx) tx.bytes.push(value);
      i2c.completeWrite(true);
    });
  i2c.onReadByte = () => later(9, () => i2c.completeRead(0x00));
  i2c.onStop = () =>
    later(1, () => {
      const done = tx;
      tx = null;
      if (done && done.bytes.length) {
        board.stats.i2c_transactions++;
        board.stats.i2c_panel_bytes += done.bytes.length;
        board.i2cEvents.push([done.start, clock.nanos, Buffer.from(done.bytes).toString('hex')]);
      }
      i2c.completeStop();
    });
}

function sclPeriodNs(i2c, mcu) {
  const counts = i2c.sclHighPeriod + i2c.sclLowPeriod;
  return (Math.max(counts, 2) * 1e9) / mcu.clkSys;
}

// ---- i2c.scan(): a software open-drain target on GP4/GP5 that ACKs 0x3C ----
function attachScanTarget(board) {
  const { gpio } = board.mcu;
  const t = { sda: true, scl: true, low: false, active: false, bits: 0, shift: 0, ack: false, addr: true, read: false };
  gpio[SDA].setInputValue(true);
  gpio[SCL].setInputValue(true);
  const masterLow = (pin) =>
    pin.functionSelect === FUNCTION_SIO && pin.outputEnable && !pin.outputValue;
  const update = () => {
    const scl = !masterLow(gpio[SCL]);
    let sda = !masterLow(gpio[SDA]) && !t.low;
    if (scl !== t.scl) {
      t.scl = scl;
      if (t.active && scl && !t.ack) {
        t.shift = ((t.shift << 1) | (sda ? 1 : 0)) & 0xff;
        t.bits++;
      } else if (t.active && !scl) {
        if (t.ack) {
          // the ninth clock is over: release SDA
          t.ack = false;
          t.low = false;
          t.bits = 0;
          t.addr = false;
        } else if (t.bits === 8) {
          t.ack = true;
          if (t.addr) {
            const match = t.shift >> 1 === PANEL_ADDR;
            t.read = !!(t.shift & 1);
            t.low = match && !t.read;
            if (!match) t.active = false;
          } else {
            t.low = true;
          }
        }
      }
      sda = !masterLow(gpio[SDA]) && !t.low;
    } else if (sda !== t.sda && scl) {
      // SDA moving while SCL is high: START (falling) or STOP (rising)
      if (!sda) {
        Object.assign(t, { active: true, bits: 0, shift: 0, ack: false, addr: true, low: false });
      } else {
        Object.assign(t, { active: false, ack: false, low: false });
      }
      sda = !masterLow(gpio[SDA]) && !t.low;
    }
    t.sda = sda;
    if (gpio[SDA].rawInputValue !== sda) gpio[SDA].setInputValue(sda);
    if (gpio[SCL].rawInputValue !== scl) gpio[SCL].setInputValue(scl);
  };
  gpio[SDA].addListener(update);
  gpio[SCL].addListener(update);
}
