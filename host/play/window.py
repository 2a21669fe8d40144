"""The simulator's window: the handheld drawn around its screen, in pygame.

`Simulator` turns pygame events into button edges (keys, and the mouse on the
drawn buttons: a click is a tap, a held mouse button a long press) and draws the
device with the OLED scaled up and the buttons lit while held. It is advanced one
frame at a time by `step(events, now)`, so tests drive it with made-up events.
`host.play.sim` opens it for a player; `host.emu` draws the emulated Pico in it.
"""

import os
import sys
import time

from crisscross import buttons
from host.screen import render

WIDTH = render.WIDTH
HEIGHT = render.HEIGHT
SCREENSHOT_DIR = "screenshots"
WINDOW_TITLE = "Criss Cross Pocket"

# pygame prints a banner on import unless told not to.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


class NoDisplay(Exception):
    """There is no screen to open a window on."""


BACKGROUND = (28, 30, 36)
BODY = (62, 66, 78)
BODY_EDGE = (92, 97, 112)
BEZEL = (12, 12, 14)
BUTTON = (108, 113, 128)
BUTTON_LIT = (255, 196, 64)
BUTTON_MARK = (30, 32, 38)
DPAD_HUB = (84, 88, 102)
LABEL = (170, 176, 190)
HELP_TEXT = (205, 210, 220)

HELP_LINES = (
    "arrows: move    Z or Enter: A    X or Backspace: B    or click the buttons",
    "hold a key for a long press    F12 or P: screenshot    Esc: quit",
)
MOUSE_LEFT = 1  # pygame's number of the left mouse button
BRAND = "CRISS CROSS POCKET"


class Layout:
    """Where everything goes for a given scale (pixels per OLED pixel)."""

    def __init__(self, scale, text_w, line_h):
        u = scale
        self.scale = u
        self.margin = max(3 * u, 12)
        self.bezel = max(2 * u, 6)
        side = max(5 * u, 18)
        top = max(5 * u, 18)
        screen_w, screen_h = WIDTH * u, HEIGHT * u
        glass_w = screen_w + 2 * self.bezel
        self.cell = max(7 * u, 20)  # one arm of the d-pad
        self.radius = max(9 * u // 2, 13)  # A and B
        c, r = self.cell, self.radius
        # d-pad, a gap, then B and A (5 radii from B's left to A's right edge).
        controls_w = c + 3 * c + c + 5 * r + c
        body_w = max(glass_w, controls_w) + 2 * side
        gap = max(6 * u, 28)
        body_h = top + screen_h + 2 * self.bezel + gap + 3 * c + top
        width = max(body_w, text_w) + 2 * self.margin
        self.body = ((width - body_w) // 2, self.margin, body_w, body_h)
        bx, by = self.body[0], self.body[1]
        glass_x = bx + (body_w - glass_w) // 2
        self.oled = (glass_x + self.bezel, by + top + self.bezel, screen_w, screen_h)
        self.bezel_rect = (glass_x, by + top, glass_w, screen_h + 2 * self.bezel)
        self.brand_y = by + top + screen_h + 2 * self.bezel + gap // 3
        pad_y = by + top + screen_h + 2 * self.bezel + gap
        pad_x = bx + side + c
        self.dpad = {
            buttons.UP: (pad_x + c, pad_y, c, c),
            buttons.DOWN: (pad_x + c, pad_y + 2 * c, c, c),
            buttons.LEFT: (pad_x, pad_y + c, c, c),
            buttons.RIGHT: (pad_x + 2 * c, pad_y + c, c, c),
        }
        self.hub = (pad_x + c, pad_y + c, c, c)
        mid = pad_y + 3 * c // 2
        ax = bx + body_w - side - c - r
        self.round = {
            buttons.A: (ax, mid - r * 2 // 3),
            buttons.B: (ax - 3 * r, mid + r * 2 // 3),
        }
        self.help_y = by + body_h + self.margin
        self.line_h = line_h
        self.size = (width, self.help_y + len(HELP_LINES) * line_h + self.margin)

    def button_at(self, point):
        """The drawn button under `point` (window pixels), or None."""
        px, py = point
        for button, (x, y, w, h) in self.dpad.items():
            if x <= px < x + w and y <= py < y + h:
                return button
        r = self.radius
        for button, (x, y) in self.round.items():
            if (px - x) * (px - x) + (py - y) * (py - y) <= r * r:
                return button
        return None

    def spot(self, button):
        """A point on a button's face that is its colour (not its arrow or letter)."""
        if button in self.dpad:
            x, y, w, h = self.dpad[button]
            return (x + w // 6 + 1, y + h // 6 + 1)
        x, y = self.round[button]
        return (x, y + self.radius * 3 // 4)


def _display_init(pygame):
    """pygame.display.init() without SDL's stray "XDG_RUNTIME_DIR is invalid or not
    set" line, which SDL writes to the process's stderr itself while it probes for
    Wayland; anything else it writes is passed on."""
    import tempfile

    try:
        saved = os.dup(2)
    except OSError:  # no file descriptor 2: nothing to keep clean
        pygame.display.init()
        return
    with tempfile.TemporaryFile() as caught:
        sys.stderr.flush()
        os.dup2(caught.fileno(), 2)
        try:
            pygame.display.init()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            for line in caught.read().decode("utf-8", "replace").splitlines(True):
                if "XDG_RUNTIME_DIR" not in line:
                    sys.stderr.write(line)


def init_display():
    """Start pygame's video; NoDisplay if there is no real screen to show it on."""
    import pygame

    asked = os.environ.get("SDL_VIDEODRIVER", "")
    try:
        _display_init(pygame)
    except pygame.error as e:
        raise NoDisplay(str(e)) from None
    # With no display server SDL quietly picks an invisible driver: no use to a player.
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and asked != driver:
        pygame.display.quit()
        raise NoDisplay("no display found (SDL chose the %r driver)" % driver)
    return pygame


class Simulator:
    """The window: turns pygame events into button edges and draws the device."""

    def __init__(self, device, scale=render.DEFAULT_SCALE, shots=SCREENSHOT_DIR):
        import pygame

        self.pg = pygame
        self.device = device
        self.scale = scale
        self.shots = shots
        pygame.font.init()
        self.font = pygame.font.Font(None, 22 if scale >= 3 else 16)
        self.small = pygame.font.Font(None, max(14, 3 * scale))
        text_w = max(self.font.size(line)[0] for line in HELP_LINES)
        self.layout = Layout(scale, text_w, self.font.get_linesize() + 4)
        try:
            self.surface = pygame.display.set_mode(self.layout.size)
        except pygame.error as e:
            raise NoDisplay(str(e)) from None
        pygame.display.set_caption(WINDOW_TITLE)
        self.bindings = {
            pygame.K_UP: buttons.UP,
            pygame.K_DOWN: buttons.DOWN,
            pygame.K_LEFT: buttons.LEFT,
            pygame.K_RIGHT: buttons.RIGHT,
            pygame.K_z: buttons.A,
            pygame.K_RETURN: buttons.A,
            pygame.K_KP_ENTER: buttons.A,
            pygame.K_x: buttons.B,
            pygame.K_BACKSPACE: buttons.B,
        }
        self.shot_keys = (pygame.K_F12, pygame.K_p)
        self.quit_keys = (pygame.K_ESCAPE,)
        # Two keys can mean one button (Z and Enter): it is up when both are. The
        # mouse holding a drawn button counts as one more key ("mouse").
        self._keys = [set() for _ in range(buttons.COUNT)]
        self._mouse = None  # the drawn button the mouse holds down
        self._oled = None
        self._drawn_mask = -1

    def _key_down(self, key, now):
        button = self.bindings[key]
        if not self._keys[button]:
            self.device.down(button, now)
        self._keys[button].add(key)

    def _key_up(self, key, now):
        button = self.bindings[key]
        if key in self._keys[button]:
            self._keys[button].discard(key)
            if not self._keys[button]:
                self.device.up(button, now)

    def _mouse_down(self, point, now):
        button = self.layout.button_at(point)
        if button is None or self._mouse is not None:
            return
        self._mouse = button
        if not self._keys[button]:
            self.device.down(button, now)
        self._keys[button].add("mouse")

    def _mouse_up(self, now):
        button = self._mouse
        if button is None:
            return
        self._mouse = None
        self._keys[button].discard("mouse")
        if not self._keys[button]:
            self.device.up(button, now)

    def release_all(self, now):
        """Focus lost: the key-ups will go elsewhere, so nothing may stay held."""
        self._mouse = None
        for button in range(buttons.COUNT):
            if self._keys[button]:
                self._keys[button].clear()
                self.device.up(button, now)

    def step(self, events, now):
        """Handle events, run one frame, draw if anything changed; False to quit."""
        pg = self.pg
        running = True
        for e in events:
            if e.type == pg.QUIT:
                running = False
            elif e.type == pg.KEYDOWN:
                if e.key in self.bindings:
                    self._key_down(e.key, now)
                elif e.key in self.shot_keys:
                    self.screenshot()
                elif e.key in self.quit_keys:
                    running = False
            elif e.type == pg.KEYUP and e.key in self.bindings:
                self._key_up(e.key, now)
            elif e.type == pg.MOUSEBUTTONDOWN and e.button == MOUSE_LEFT:
                self._mouse_down(e.pos, now)
            elif e.type == pg.MOUSEBUTTONUP and e.button == MOUSE_LEFT:
                self._mouse_up(now)
            elif e.type == pg.WINDOWFOCUSLOST:
                self.release_all(now)
        changed = self.device.step(now)
        mask = self.device.held_mask()
        if changed or self._oled is None or mask != self._drawn_mask:
            if changed or self._oled is None:
                self._oled = render.to_surface(self.device.frame, self.scale)
            self._drawn_mask = mask
            self.draw()
            pg.display.flip()
        return running

    def draw(self):
        pg, s, lay = self.pg, self.surface, self.layout
        s.fill(BACKGROUND)
        corner = max(3 * lay.scale, 10)
        pg.draw.rect(s, BODY, lay.body, border_radius=corner)
        pg.draw.rect(s, BODY_EDGE, lay.body, width=2, border_radius=corner)
        pg.draw.rect(s, BEZEL, lay.bezel_rect, border_radius=lay.bezel)
        s.blit(self._oled, lay.oled[:2])
        brand = self.small.render(BRAND, True, LABEL)
        s.blit(
            brand, brand.get_rect(center=(lay.body[0] + lay.body[2] // 2, lay.brand_y))
        )
        pg.draw.rect(s, DPAD_HUB, lay.hub)
        for button, rect in sorted(lay.dpad.items()):
            pg.draw.rect(s, self._colour(button), rect, border_radius=lay.cell // 5)
            pg.draw.polygon(s, BUTTON_MARK, _arrow(button, rect))
        for button, (x, y) in sorted(lay.round.items()):
            pg.draw.circle(s, self._colour(button), (x, y), lay.radius)
            letter = self.small.render(buttons.NAMES[button].upper(), True, BUTTON_MARK)
            s.blit(letter, letter.get_rect(center=(x, y)))
        for k, line in enumerate(HELP_LINES):
            text = self.font.render(line, True, HELP_TEXT)
            s.blit(text, (lay.margin, lay.help_y + k * lay.line_h))

    def _colour(self, button):
        return BUTTON_LIT if self.device.buttons.held(button) else BUTTON

    def screenshot(self):
        """Save the screen's pixels (scaled) as screenshots/crisscross-TIME.png."""
        try:
            os.makedirs(self.shots, exist_ok=True)
            stem = os.path.join(self.shots, time.strftime("crisscross-%Y%m%d-%H%M%S"))
            path, n = stem + ".png", 1
            while os.path.exists(path):
                n += 1
                path = "%s-%d.png" % (stem, n)
            render.to_png(self.device.frame, path, self.scale)
        except (OSError, self.pg.error) as e:
            sys.stderr.write(
                "cannot save a screenshot: %s\n" % (getattr(e, "strerror", None) or e)
            )
            return None
        print("screenshot saved: %s" % path)
        return path


def _arrow(button, rect):
    """A small triangle pointing the button's way, centred on its square."""
    x, y, w, h = rect
    cx, cy, r = x + w // 2, y + h // 2, max(w // 5, 3)
    if button == buttons.UP:
        return ((cx, cy - r), (cx - r, cy + r // 2), (cx + r, cy + r // 2))
    if button == buttons.DOWN:
        return ((cx, cy + r), (cx - r, cy - r // 2), (cx + r, cy - r // 2))
    if button == buttons.LEFT:
        return ((cx - r, cy), (cx + r // 2, cy - r), (cx + r // 2, cy + r))
    return ((cx + r, cy), (cx - r // 2, cy - r), (cx - r // 2, cy + r))
