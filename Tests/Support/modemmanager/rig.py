#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
'''The real ModemManager driving a simulated AT modem, on a private system bus, for t9dial's tests.

Run as root, in a mount namespace of its own, so that nothing of it reaches the machine's bus:

    unshare -m --propagation private python3 rig.py DIR

It binds DIR/run-dbus over /run/dbus and DIR/rules.d over /etc/polkit-1/rules.d (inside the
namespace only), starts dbus-daemon with the system bus's policy, polkitd and
`ModemManager --test-enable --no-auto-scan`, and hands ModemManager's generic plugin the AT modem
it serves on the UNIX socket DIR/modem.sock (Test.SetProfile). The bus's socket is
DIR/run-dbus/system_bus_socket, reachable from outside the namespace.

The test drives the far end through DIR/control.sock: one command a connection, one line back
("ok ..." or "error ..."). DIR/ready appears once ModemManager has the modem.

    log                   what ModemManager sent the modem, one command a line ("|" between)
    dial MODE             how the next ATD answers: ok (the call rings there), busy,
                          no-carrier, cme:N (+CME ERROR: N), silent (never)
    answer                the far end answers the call dialled here
    hangup                the far end hangs up every call (NO CARRIER, said until
                          ModemManager has ended them)
    ring NUMBER           a call from NUMBER rings here (RING, +CLIP)
    waiting NUMBER        a call from NUMBER waits during the current one (+CCWA)
    giveup                the callers ringing or waiting here give up (no result code)
    calls                 the calls as +CLCC lists them ("|" between)
    mm-calls              the calls ModemManager holds, "PATH STATE" each ("|" between)
    stop-mm / start-mm    stops or starts ModemManager (start-mm hands it the modem again)
    state                 the modem's state as ModemManager says (MMModemState's numbers)
    signal RSSI           AT+CSQ answers RSSI (20 at first); ModemManager reads it every 30 s
    operator NAME         AT+COPS? answers NAME ("t9dial net" at first)
    refresh               starts ModemManager again, which reads the signal and network as
                          the modem is enabled (by the line, or reset); 1.20 reads the signal
                          again only every 30 s, and never after a disable and enable
    sim yes|no|pin        puts the SIM in, takes it out (AT+CPIN? answers +CME ERROR: 10,
                          SIM not inserted) or puts in one locked by its PIN (+CPIN: SIM PIN),
                          and starts ModemManager again, which sees the SIM only when it takes
                          the modem
    enable yes|no         enables or disables the modem, as root
    rule PATH USER        installs the polkit rule at PATH, for USER instead of t9dial-service,
                          and waits until polkitd has read it
    reset                 back to an enabled modem with its SIM, its first signal and network,
                          no call, an empty log and no polkit rule

The rig ends when its standard input does (the test process holds the other end of a pipe),
and takes its daemons with it, on an error too (ModemManager also dies with it:
PR_SET_PDEATHSIG, which polkitd and dbus-daemon lose as they change user). Started by hand, give
it a standard input that stays open: sleep infinity | unshare -m ... rig.py DIR.
'''

import ctypes
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
import traceback

PR_SET_PDEATHSIG = 1
SERVICE = 'org.freedesktop.ModemManager1'
ROOT = '/org/freedesktop/ModemManager1'
libc = ctypes.CDLL(None, use_errno=True)


def die_with_parent(sig=signal.SIGKILL):
    libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)


class Modem:
    '''A 3GPP voice modem as 27.007 and V.250 say, as far as ModemManager's generic plugin asks.'''

    def __init__(self):
        self.log = []
        self.calls = []  # dicts: index, direction (0 out, 1 in), stat, number
        self.dial_mode = 'ok'
        self.conn = None
        self.buffer = b''
        self.silent_dial = False
        self.sim = True
        self.rssi = self.FIRST_RSSI
        self.operator = self.FIRST_OPERATOR

    FIRST_RSSI = 20
    FIRST_OPERATOR = 't9dial net'

    def release(self):
        '''Answers a dial left unanswered, so that ModemManager can go on; whether there was one.'''
        if not self.silent_dial:
            return False
        self.silent_dial = False
        try:
            self.conn.sendall(b'\r\nERROR\r\n')
        except (OSError, AttributeError):
            pass
        return True

    def send(self, text):
        if self.conn is not None:
            try:
                self.conn.sendall(('\r\n' + text + '\r\n').encode())
            except OSError:
                pass

    def new_index(self):
        used = {call['index'] for call in self.calls}
        index = 1
        while index in used:
            index += 1
        return index

    def clcc(self):
        return ['+CLCC: %d,%d,%d,0,0,"%s",%d' % (c['index'], c['direction'], c['stat'], c['number'],
                                                 145 if c['number'].startswith('+') else 129) for c in self.calls]

    def promote_waiting(self):
        '''With no active or held call left, a waiting call rings as an incoming one (27.007 +CLCC).'''
        if not any(c['stat'] in (0, 1, 2, 3) for c in self.calls):
            for call in self.calls:
                if call['stat'] == 5:
                    call['stat'] = 4
                    break

    def feed(self, data):
        self.buffer += data
        while b'\r' in self.buffer:
            line, _, self.buffer = self.buffer.partition(b'\r')
            command = line.strip(b'\n ').decode(errors='replace')
            if command:
                self.log.append(command)
                self.answer(command)

    def answer(self, command):
        upper = command.upper()
        reply = self.respond(command, upper)
        if reply is None:
            return
        lines, result = reply
        out = ''.join('\r\n' + line + '\r\n' for line in lines) + '\r\n' + result + '\r\n'
        try:
            self.conn.sendall(out.encode())
        except OSError:
            pass

    def respond(self, command, upper):
        fixed = {
            'AT+GCAP': ['+GCAP: +CGSM,+FCLASS,+DS'],
            'ATI': ['t9dial simulated voice modem'],
            'AT+CGMI': ['t9dial'], 'AT+GMI': ['t9dial'],
            'AT+CGMM': ['simulated voice modem'], 'AT+GMM': ['simulated voice modem'],
            'AT+CGMR': ['1.0'], 'AT+GMR': ['1.0'],
            'AT+CGSN': ['356938035643809'], 'AT+GSN': ['356938035643809'],
            'AT+CIMI': ['001010123456789'],
            'AT+CPIN?': ['+CPIN: READY'],
            'AT+CFUN?': ['+CFUN: 1'],
            'AT+CREG?': ['+CREG: 0,1'],
            'AT+CGREG?': ['+CGREG: 0,1'],
            'AT+COPS?': ['+COPS: 0,0,"%s",0' % self.operator],
            'AT+CSQ': ['+CSQ: %d,99' % self.rssi],
            'AT+CLCC=?': [],
        }
        if not self.sim and upper in ('AT+CPIN?', 'AT+CIMI', 'AT+CCID', 'AT^ICCID?'):
            # 27.007: +CME ERROR 10, SIM not inserted.
            return [], '+CME ERROR: 10'
        if self.sim == 'pin' and upper == 'AT+CPIN?':
            return ['+CPIN: SIM PIN'], 'OK'
        if self.sim == 'pin' and upper in ('AT+CIMI', 'AT+CCID', 'AT^ICCID?'):
            # 27.007: +CME ERROR 11, SIM PIN required.
            return [], '+CME ERROR: 11'
        if upper in fixed:
            return fixed[upper], 'OK'
        if upper == 'AT+CLCC':
            return self.clcc(), 'OK'
        if upper.startswith('ATD') and upper.endswith(';'):
            mode, self.dial_mode = self.dial_mode, 'ok'
            if mode == 'ok':
                self.calls.append({'index': self.new_index(), 'direction': 0, 'stat': 3, 'number': command[3:-1]})
                return [], 'OK'
            if mode == 'silent':
                # A modem that never answers the dial: ModemManager waits on ATD (90 s).
                self.silent_dial = True
                return None
            if mode.startswith('cme:'):
                return [], '+CME ERROR: ' + mode[4:]
            return [], mode.upper().replace('-', ' ')
        if upper == 'ATA':
            ringing = [c for c in self.calls if c['stat'] == 4]
            if not ringing:
                return [], 'NO CARRIER'
            ringing[0]['stat'] = 0
            return [], 'OK'
        if upper in ('ATH', 'AT+CHUP'):
            # The current call: active, dialling, alerting or ringing here; a waiting or held
            # call stays (27.007 +CHUP; the reason ModemManager must not hang up a call it has
            # no index for).
            self.calls = [c for c in self.calls if c['stat'] in (1, 5)]
            self.promote_waiting()
            return [], 'OK'
        if upper.startswith('AT+CHLD='):
            return self.chld(upper[len('AT+CHLD='):])
        if upper.startswith('AT+VTS='):
            return [], 'OK'
        if '?' in upper or upper.endswith('=?'):
            return [], 'ERROR'
        if upper.startswith('AT'):
            return [], 'OK'
        return [], 'ERROR'

    def chld(self, argument):
        if argument == '0':
            # Release the held calls, or refuse the waiting call (UDUB).
            waiting = [c for c in self.calls if c['stat'] == 5]
            self.calls = [c for c in self.calls if c['stat'] != (5 if waiting else 1)]
        elif argument == '1':
            self.calls = [c for c in self.calls if c['stat'] != 0]
            for call in self.calls:
                if call['stat'] in (1, 5):
                    call['stat'] = 0
                    break
        elif argument.startswith('1') and argument[1:].isdigit():
            index = int(argument[1:])
            if not any(c['index'] == index for c in self.calls):
                return [], '+CME ERROR: 3'
            self.calls = [c for c in self.calls if c['index'] != index]
            self.promote_waiting()
        elif argument == '2':
            for call in self.calls:
                call['stat'] = {0: 1, 1: 0, 5: 0}.get(call['stat'], call['stat'])
        else:
            return [], 'ERROR'
        return [], 'OK'

    def control(self, words):
        if words[0] == 'dial':
            self.dial_mode = words[1]
        elif words[0] == 'answer':
            for call in self.calls:
                if call['direction'] == 0 and call['stat'] in (2, 3):
                    call['stat'] = 0
        elif words[0] == 'hangup':
            self.calls = []
            self.send('NO CARRIER')
        elif words[0] == 'ring':
            self.calls.append({'index': self.new_index(), 'direction': 1, 'stat': 4, 'number': words[1]})
            self.send('RING')
            self.send('+CLIP: "%s",%d' % (words[1], 145 if words[1].startswith('+') else 129))
        elif words[0] == 'waiting':
            self.calls.append({'index': self.new_index(), 'direction': 1, 'stat': 5, 'number': words[1]})
            self.send('+CCWA: "%s",%d,1' % (words[1], 145 if words[1].startswith('+') else 129))
        elif words[0] == 'giveup':
            self.calls = [c for c in self.calls if c['stat'] not in (4, 5)]
        elif words[0] == 'signal':
            self.rssi = int(words[1])
        elif words[0] == 'operator':
            self.operator = ' '.join(words[1:])
        elif words[0] == 'log':
            return '|'.join(self.log)
        elif words[0] == 'calls':
            return '|'.join(self.clcc())
        else:
            raise ValueError('unknown command ' + words[0])
        return ''


class Rig:
    def __init__(self, directory):
        self.dir = directory
        self.bus_path = os.path.join(directory, 'run-dbus', 'system_bus_socket')
        self.address = 'unix:path=' + self.bus_path
        self.modem_path = os.path.join(directory, 'modem.sock')
        self.modem = Modem()
        self.children = {}
        self.env = {k: v for k, v in os.environ.items() if k != 'DBUS_SYSTEM_BUS_ADDRESS'}

    def spawn(self, name, argv):
        output = open(os.path.join(self.dir, name + '.log'), 'ab')
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT,
                                   env=self.env, preexec_fn=die_with_parent)
        output.close()
        self.children[name] = process
        return process

    def stop(self, name):
        process = self.children.pop(name, None)
        if process is None:
            return
        process.terminate()
        try:
            process.wait(2)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def bus(self, *arguments, timeout=10000):
        result = subprocess.run(['dbus-send', '--bus=' + self.address, '--print-reply', '--reply-timeout=%d' % timeout] + list(arguments),
                                capture_output=True, text=True, env=self.env)
        if result.returncode != 0:
            raise RuntimeError(' '.join(arguments[:3]) + ': ' + (result.stderr or result.stdout).strip())
        return result.stdout

    def has_owner(self, name):
        try:
            return 'true' in self.bus('--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:' + name)
        except RuntimeError:
            return False

    def wait(self, what, condition, seconds=30, serve=False):
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                raise RuntimeError('timed out waiting for ' + what)
            if serve:
                self.serve(0.05)
            else:
                time.sleep(0.02)

    def setup(self):
        for sub in ('run-dbus', 'rules.d'):
            os.makedirs(os.path.join(self.dir, sub), exist_ok=True)
        os.chmod(os.path.join(self.dir, 'run-dbus'), 0o755)
        subprocess.run(['mount', '--make-rprivate', '/'], check=True)
        os.makedirs('/run/dbus', exist_ok=True)
        subprocess.run(['mount', '--bind', os.path.join(self.dir, 'run-dbus'), '/run/dbus'], check=True)
        subprocess.run(['mount', '--bind', os.path.join(self.dir, 'rules.d'), '/etc/polkit-1/rules.d'], check=True)
        # The system bus's own policy (so ModemManager's and polkit's bus rules apply), without
        # the services it would start on demand: a ModemManager the test stopped stays stopped.
        with open('/usr/share/dbus-1/system.conf') as source:
            config = [line.replace('<includedir>system.d</includedir>', '<includedir>/usr/share/dbus-1/system.d</includedir>')
                      for line in source
                      if 'standard_system_servicedirs' not in line and 'servicehelper' not in line and 'selinux' not in line]
        config_path = os.path.join(self.dir, 'bus.conf')
        with open(config_path, 'w') as out:
            out.writelines(config)
        self.spawn('dbus-daemon', ['dbus-daemon', '--config-file=' + config_path, '--nofork', '--nopidfile'])
        self.wait('the bus', lambda: os.path.exists(self.bus_path) and self.has_owner('org.freedesktop.DBus'))
        # Not --no-debug: its log says when it has read the rules again (until_polkit_reads).
        self.spawn('polkitd', ['stdbuf', '-oL', '-eL', '/usr/lib/polkit-1/polkitd'])
        self.wait('polkitd', lambda: self.has_owner('org.freedesktop.PolicyKit1'))
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(self.modem_path)
        self.listener.listen(4)
        self.control = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.control.bind(os.path.join(self.dir, 'control.sock'))
        self.control.listen(4)
        self.start_mm()
        open(os.path.join(self.dir, 'ready'), 'w').close()

    def start_mm(self):
        self.spawn('modemmanager', ['/usr/sbin/ModemManager', '--test-enable', '--no-auto-scan', '--debug'])
        self.wait('ModemManager', lambda: self.has_owner(SERVICE))
        self.bus('--dest=' + SERVICE, ROOT, SERVICE + '.Test.SetProfile', 'string:t9dial-test', 'string:generic',
                 'array:string:' + self.modem_path)
        self.wait('ModemManager to take the modem', lambda: self.modem_state() is not None, serve=True)

    def enable(self, enabled):
        # dbus-send waits for ModemManager, which waits for the modem: serve it meanwhile.
        process = subprocess.Popen(['dbus-send', '--bus=' + self.address, '--print-reply', '--reply-timeout=60000',
                                    '--dest=' + SERVICE, ROOT + '/Modem/0', SERVICE + '.Modem.Enable',
                                    'boolean:' + ('true' if enabled else 'false')],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=self.env)
        self.wait('Enable', lambda: process.poll() is not None, seconds=60, serve=True)
        if process.returncode != 0:
            raise RuntimeError('Enable: ' + process.stdout.read().decode())

    def until_calls_end(self):
        '''Waits until ModemManager has ended every call. A NO CARRIER that comes before
        ModemManager listens for it (just after ATA) is missed, as it would be on a real
        modem: said again until it is heard. ModemManager listens only while a call is
        dialling, ringing out, active or held, so a call it still has after 10 s (one created
        but never started, or still ringing here) is hung up over the bus, and deleted if
        ModemManager cannot hang it up.'''
        start = time.monotonic()
        hung_up = set()
        while True:
            states = {call: self.call_state(call) for call in self.mm_calls()}
            up = [call for call, state in states.items() if state != 'terminated']
            if not up:
                return
            if time.monotonic() > start + 30:
                raise RuntimeError('ModemManager did not end its calls: ' +
                                   ', '.join('%s %s' % (call, states[call]) for call in up))
            # A dial that came after the reset looked for one: answered, so ModemManager goes on.
            self.modem.release()
            if time.monotonic() > start + 10:
                for call in up:
                    if call not in hung_up:
                        hung_up.add(call)
                        self.end_over_the_bus(call, states[call])
            self.modem.send('NO CARRIER')
            self.serve_for(0.5)

    def end_over_the_bus(self, call, state):
        '''Hangs a call up as its owner would (serving the modem while ModemManager asks it),
        or deletes it when ModemManager refuses: a call never started cannot be hung up.'''
        process = subprocess.Popen(['dbus-send', '--bus=' + self.address, '--print-reply', '--reply-timeout=10000',
                                    '--dest=' + SERVICE, call, SERVICE + '.Call.Hangup'],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=self.env)
        self.wait('Hangup', lambda: process.poll() is not None, seconds=15, serve=True)
        if process.returncode != 0:
            print('rig: Hangup %s (%s): %s; deleting it' % (call, state, process.stdout.read().decode().strip()), flush=True)
            self.bus('--dest=' + SERVICE, ROOT + '/Modem/0', SERVICE + '.Modem.Voice.DeleteCall', 'objpath:' + call)
        else:
            print('rig: hung up %s (%s) over the bus' % (call, state), flush=True)

    def until_quiet(self, seconds):
        '''Serves the modem until ModemManager has sent it nothing for `seconds`.'''
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            sent = len(self.modem.log)
            self.serve_for(seconds)
            if len(self.modem.log) == sent:
                return
        raise RuntimeError('ModemManager did not stop talking to the modem')

    def serve_for(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.serve(end - time.monotonic())

    def restart_mm(self):
        self.stop('modemmanager')
        # A dial the modem left unanswered went with the ModemManager that waited on it.
        self.modem.silent_dial = False
        self.start_mm()

    def sim(self, present):
        self.modem.sim = present
        self.modem.calls = []
        self.restart_mm()


    def reset(self):
        self.modem.calls = []
        first = (self.modem.sim, self.modem.rssi, self.modem.operator) == (True, Modem.FIRST_RSSI, Modem.FIRST_OPERATOR)
        self.modem.sim, self.modem.rssi, self.modem.operator = True, Modem.FIRST_RSSI, Modem.FIRST_OPERATOR
        if not first:
            # ModemManager reads the SIM only when it takes the modem, and the signal when it
            # enables it; the calls it had go with it.
            self.restart_mm()
        elif 'modemmanager' not in self.children:
            self.start_mm()
        if self.modem.release():
            # What ModemManager queued behind the dial (a Hangup's AT+CHUP) comes now: it must
            # not reach the next test's call.
            self.until_quiet(1.0)
        self.until_calls_end()
        for call in self.mm_calls():
            self.bus('--dest=' + SERVICE, ROOT + '/Modem/0', SERVICE + '.Modem.Voice.DeleteCall', 'objpath:' + call)
        if self.modem_state() < 6:
            self.enable(True)
        self.wait('the modem to register', lambda: self.modem_state() == 8, serve=True)
        self.modem.log = []
        self.modem.dial_mode = 'ok'
        rules = os.path.join(self.dir, 'rules.d')
        if os.listdir(rules):
            # Removed inside the change: polkitd may read the rules again before the count
            # of its loads is taken, and then no later load would come to wait for.
            def remove():
                for name in os.listdir(rules):
                    os.remove(os.path.join(rules, name))
            self.until_polkit_reads(remove)

    def rule(self, path, user):
        with open(path) as source:
            text = source.read().replace('"t9dial-service"', '"%s"' % user)
        def write():
            with open(os.path.join(self.dir, 'rules.d', os.path.basename(path)), 'w') as out:
                out.write(text)
        self.until_polkit_reads(write)

    def until_polkit_reads(self, change):
        '''Makes a change to the rules and waits until polkitd has loaded them again.'''
        log = os.path.join(self.dir, 'polkitd.log')
        loads = lambda: open(log, errors='replace').read().count('Finished loading')
        before = loads()
        change()
        self.wait('polkitd to read its rules again', lambda: loads() > before, serve=True)

    def mm_calls(self):
        text = self.bus('--dest=' + SERVICE, ROOT + '/Modem/0', SERVICE + '.Modem.Voice.ListCalls')
        return [word.strip('"') for line in text.splitlines() for word in line.split() if word.strip('"').startswith('/')]

    CALL_STATES = ('unknown', 'dialing', 'ringing-out', 'ringing-in', 'active', 'held', 'waiting', 'terminated')

    def call_state(self, path):
        '''The call's state as MMCallState names it; a call gone from the bus is terminated.'''
        try:
            text = self.bus('--dest=' + SERVICE, path, 'org.freedesktop.DBus.Properties.Get', 'string:' + SERVICE + '.Call', 'string:State')
        except RuntimeError:
            return 'terminated'
        number = int(text.split()[-1])
        return self.CALL_STATES[number] if 0 <= number < len(self.CALL_STATES) else str(number)

    def modem_state(self):
        try:
            text = self.bus('--dest=' + SERVICE, ROOT + '/Modem/0', 'org.freedesktop.DBus.Properties.Get',
                            'string:' + SERVICE + '.Modem', 'string:State', timeout=1000)
        except RuntimeError:
            return None
        return int(text.split()[-1])

    def serve(self, timeout):
        sockets = [self.listener, self.control, sys.stdin] + ([self.modem.conn] if self.modem.conn else [])
        readable, _, _ = select.select(sockets, [], [], timeout)
        for ready in readable:
            if ready is sys.stdin:
                if not os.read(sys.stdin.fileno(), 4096):
                    self.shutdown()
            elif ready is self.listener:
                connection, _ = self.listener.accept()
                if self.modem.conn is not None:
                    self.modem.conn.close()
                self.modem.conn = connection
                self.modem.buffer = b''
            elif ready is self.control:
                connection, _ = self.control.accept()
                with connection:
                    connection.settimeout(5)
                    request = b''
                    while not request.endswith(b'\n'):
                        chunk = connection.recv(4096)
                        if not chunk:
                            break
                        request += chunk
                    connection.sendall((self.command(request.decode().split()) + '\n').encode())
            elif ready is self.modem.conn:
                try:
                    data = ready.recv(4096)
                except OSError:
                    data = b''
                if not data:
                    ready.close()
                    self.modem.conn = None
                else:
                    self.modem.feed(data)

    def command(self, words):
        try:
            if not words:
                raise ValueError('no command')
            if words[0] == 'stop-mm':
                self.stop('modemmanager')
                return 'ok'
            if words[0] == 'start-mm':
                self.start_mm()
                return 'ok'
            if words[0] == 'state':
                return 'ok %s' % self.modem_state()
            if words[0] == 'mm-calls':
                return ('ok ' + '|'.join('%s %s' % (call, self.call_state(call)) for call in self.mm_calls())).rstrip()
            if words[0] == 'enable':
                self.enable(words[1] == 'yes')
                return 'ok'
            if words[0] == 'sim':
                self.sim({'yes': True, 'no': False, 'pin': 'pin'}[words[1]])
                return 'ok'
            if words[0] == 'refresh':
                self.restart_mm()
                return 'ok'
            if words[0] == 'reset':
                self.reset()
                return 'ok'
            if words[0] == 'rule':
                self.rule(words[1], words[2])
                return 'ok'
            if words[0] == 'hangup':
                self.modem.control(words)
                self.until_calls_end()
                return 'ok'
            return ('ok ' + self.modem.control(words)).rstrip()
        except Exception as error:  # the test reads why
            return 'error ' + str(error).replace('\n', ' ')

    def shutdown(self, *_):
        for name in ('modemmanager', 'polkitd', 'dbus-daemon'):
            self.stop(name)
        # The tests have shown the logs of what failed; nothing of the rig stays behind.
        shutil.rmtree(self.dir, ignore_errors=True)
        sys.exit(0)


def main():
    # Not PR_SET_PDEATHSIG: its "parent" is the thread that started the rig, which may end
    # long before the test process does. The end of standard input says it has.
    rig = Rig(sys.argv[1])
    signal.signal(signal.SIGTERM, rig.shutdown)
    signal.signal(signal.SIGINT, rig.shutdown)
    try:
        rig.setup()
    except Exception as error:
        with open(os.path.join(rig.dir, 'failed'), 'w') as out:
            out.write(str(error))
        rig.shutdown()
    # polkitd and dbus-daemon change user, which clears PR_SET_PDEATHSIG: whatever ends the
    # rig, it stops them itself.
    try:
        while True:
            rig.serve(None)
    except Exception:
        traceback.print_exc()  # into rig.log, which the tests show
    finally:
        rig.shutdown()


if __name__ == '__main__':
    main()
