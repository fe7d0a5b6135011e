# SPDX-License-Identifier: Apache-2.0
'''A fake ModemManager for t9dial's tests, as a python-dbusmock template.

One modem, /org/freedesktop/ModemManager1/Modem/0, with the Modem, Modem.Modem3gpp and
Modem.Voice interfaces (parameter "voice": False leaves Voice out; "sim": False makes it a modem
without a SIM, failed as ModemManager 1.20 leaves it, whose Start refuses what is not an
emergency number), registered with 64 % of
signal on "t9dial net" (SetSignal changes them, with PropertiesChanged as ModemManager says
it). Voice.CreateCall makes a Call
object whose Start moves it DIALING, then RINGING_OUT; Accept makes it ACTIVE, Hangup
TERMINATED; SendDtmf takes one tone of an ACTIVE call, as ModemManager 1.20 does. The
test drives the far end through the mock interface (org.freedesktop.DBus.Mock) of
/org/freedesktop/ModemManager1: SetCallState, AddIncomingCall, and CallLog, which says
what was done to a call ("Start SendDtmf:1 Hangup Deleted").

Run it with: python3 -m dbusmock --system -t modemmanager_template.py
'''

import dbus

from dbusmock import MOCK_IFACE, mockobject

BUS_NAME = 'org.freedesktop.ModemManager1'
MAIN_OBJ = '/org/freedesktop/ModemManager1'
SYSTEM_BUS = True
IS_OBJECT_MANAGER = True

MODEM = MAIN_OBJ + '/Modem/0'
MODEM_IFACE = 'org.freedesktop.ModemManager1.Modem'
VOICE_IFACE = 'org.freedesktop.ModemManager1.Modem.Voice'
MODEM_3GPP_IFACE = 'org.freedesktop.ModemManager1.Modem.Modem3gpp'
REGISTERED = 8
FAILED = -1
FAILED_REASON_SIM_MISSING = 2
# ModemManager 1.20's emergency numbers without a SIM (mm_iface_modem_voice_authorize_outgoing_call).
NO_SIM_EMERGENCY_NUMBERS = ('112', '911', '000', '08', '110', '999', '118', '119')
CALL_IFACE = 'org.freedesktop.ModemManager1.Call'

# MMCallState, MMCallStateReason, MMCallDirection (ModemManager-enums.h)
UNKNOWN, DIALING, RINGING_OUT, RINGING_IN, ACTIVE, HELD, WAITING, TERMINATED = range(8)
REASON_OUTGOING_STARTED, REASON_INCOMING_NEW, REASON_ACCEPTED, REASON_TERMINATED = 1, 2, 3, 4
DIRECTION_INCOMING, DIRECTION_OUTGOING = 1, 2


def wrong_state(text):
    return dbus.exceptions.DBusException(text, name='org.freedesktop.ModemManager1.Error.Core.WrongState')


def load(mock, parameters):
    mock.next_call = 1
    mock.t9dial_sim = parameters.get('sim', True)
    mock.t9dial_log = {}
    mock.AddObject(MODEM, MODEM_IFACE, {
        'Manufacturer': dbus.String('t9dial', variant_level=1),
        'Model': dbus.String('fake voice modem', variant_level=1),
        'State': dbus.Int32(REGISTERED if mock.t9dial_sim else FAILED, variant_level=1),
        'StateFailedReason': dbus.UInt32(0 if mock.t9dial_sim else FAILED_REASON_SIM_MISSING, variant_level=1),
        # ModemManager clears the signal of a modem it does not enable: 0, not recent.
        'SignalQuality': dbus.Struct((dbus.UInt32(64 if mock.t9dial_sim else 0), dbus.Boolean(mock.t9dial_sim)), signature='ub', variant_level=1),
    }, [])
    modem = mockobject.objects[MODEM]
    if mock.t9dial_sim:
        modem.AddProperties(MODEM_3GPP_IFACE, {'OperatorName': dbus.String('t9dial net', variant_level=1)})
    if parameters.get('voice', True):
        modem.AddProperties(VOICE_IFACE, {
            'Calls': dbus.Array([], signature='o', variant_level=1),
            'EmergencyOnly': dbus.Boolean(not mock.t9dial_sim, variant_level=1),
        })
        modem.AddMethods(VOICE_IFACE, [
            ('CreateCall', 'a{sv}', 'o', lambda self, properties: add_call(mock, DIRECTION_OUTGOING, UNKNOWN, 0, properties['number'])),
            ('DeleteCall', 'o', '', lambda self, path: delete_call(mock, path)),
            ('ListCalls', '', 'ao', lambda self: calls(mock)),
        ])


def calls(mock):
    return dbus.Array(mockobject.objects[MODEM].Get(VOICE_IFACE, 'Calls'), signature='o')


def log(mock, path, entry):
    mock.t9dial_log.setdefault(str(path), []).append(entry)


def add_call(mock, direction, state, reason, number):
    '''A new Call object, in the modem's Calls and announced with CallAdded.'''
    path = f'{MAIN_OBJ}/Call/{mock.next_call}'
    mock.next_call += 1
    mock.AddObject(path, CALL_IFACE, {
        'State': dbus.Int32(state, variant_level=1),
        'StateReason': dbus.Int32(reason, variant_level=1),
        'Direction': dbus.Int32(direction, variant_level=1),
        'Number': dbus.String(number, variant_level=1),
        'Multiparty': dbus.Boolean(False, variant_level=1),
    }, [
        ('Start', '', '', lambda self: start(mock, self)),
        ('Accept', '', '', lambda self: accept(mock, self)),
        ('Hangup', '', '', lambda self: hangup(mock, self)),
        ('SendDtmf', 's', '', lambda self, tones: send_dtmf(mock, self, tones)),
    ])
    mock.t9dial_log[path] = []
    modem = mockobject.objects[MODEM]
    modem.UpdateProperties(VOICE_IFACE, {'Calls': dbus.Array(list(calls(mock)) + [path], signature='o', variant_level=1)})
    modem.EmitSignal(VOICE_IFACE, 'CallAdded', 'o', [dbus.ObjectPath(path)])
    return dbus.ObjectPath(path)


def set_state(call, state, reason):
    old = call.Get(CALL_IFACE, 'State')
    call.UpdateProperties(CALL_IFACE, {
        'State': dbus.Int32(state, variant_level=1),
        'StateReason': dbus.Int32(reason, variant_level=1),
    })
    call.EmitSignal(CALL_IFACE, 'StateChanged', 'iiu', [dbus.Int32(old), dbus.Int32(state), dbus.UInt32(reason)])


def state_of(call):
    return int(call.Get(CALL_IFACE, 'State'))


def start(mock, call):
    log(mock, call.path, 'Start')
    if state_of(call) != UNKNOWN or int(call.Get(CALL_IFACE, 'Direction')) != DIRECTION_OUTGOING:
        raise wrong_state('This call was not in unknown state, cannot start')
    if not mock.t9dial_sim and str(call.Get(CALL_IFACE, 'Number')) not in NO_SIM_EMERGENCY_NUMBERS:
        set_state(call, TERMINATED, 0)
        raise dbus.exceptions.DBusException('only emergency calls allowed', name='org.freedesktop.ModemManager1.Error.Core.Unauthorized')
    set_state(call, DIALING, REASON_OUTGOING_STARTED)
    set_state(call, RINGING_OUT, REASON_OUTGOING_STARTED)


def accept(mock, call):
    log(mock, call.path, 'Accept')
    if state_of(call) != RINGING_IN:
        raise wrong_state('This call was not ringing, cannot accept')
    set_state(call, ACTIVE, REASON_ACCEPTED)


def hangup(mock, call):
    log(mock, call.path, 'Hangup')
    if state_of(call) in (UNKNOWN, TERMINATED):
        raise wrong_state('This call was not active, cannot hangup')
    set_state(call, TERMINATED, REASON_TERMINATED)


def send_dtmf(mock, call, tones):
    log(mock, call.path, 'SendDtmf:' + tones)
    if state_of(call) != ACTIVE:
        raise wrong_state('This call was not active, cannot send dtmf')


def delete_call(mock, path):
    path = str(path)
    if path not in mock.t9dial_log or 'Deleted' in mock.t9dial_log[path]:
        raise dbus.exceptions.DBusException(f'No call found with path {path}', name='org.freedesktop.ModemManager1.Error.Core.NotFound')
    log(mock, path, 'Deleted')
    modem = mockobject.objects[MODEM]
    modem.UpdateProperties(VOICE_IFACE, {'Calls': dbus.Array([c for c in calls(mock) if str(c) != path], signature='o', variant_level=1)})
    mock.RemoveObject(path)
    modem.EmitSignal(VOICE_IFACE, 'CallDeleted', 'o', [dbus.ObjectPath(path)])


@dbus.service.method(MOCK_IFACE, in_signature='oiu', out_signature='')
def SetCallState(self, path, state, reason):
    '''The far end moves the call to `state` for `reason` (ACTIVE: it answered).'''
    set_state(mockobject.objects[str(path)], state, reason)


@dbus.service.method(MOCK_IFACE, in_signature='s', out_signature='o')
def AddIncomingCall(self, number):
    '''A call from `number` rings here (WAITING when another call is under way).'''
    busy = any(state_of(mockobject.objects[str(c)]) not in (UNKNOWN, TERMINATED) for c in calls(self))
    return add_call(self, DIRECTION_INCOMING, WAITING if busy else RINGING_IN, REASON_INCOMING_NEW, number)


@dbus.service.method(MOCK_IFACE, in_signature='', out_signature='o')
def LastCall(self):
    '''The call made last (by CreateCall or AddIncomingCall); "/" when none was.'''
    if self.next_call == 1:
        return dbus.ObjectPath('/')
    return dbus.ObjectPath(f'{MAIN_OBJ}/Call/{self.next_call - 1}')


@dbus.service.method(MOCK_IFACE, in_signature='o', out_signature='s')
def CallLog(self, path):
    '''What was done to the call, in order: "Start SendDtmf:1 Hangup Deleted".'''
    return ' '.join(self.t9dial_log.get(str(path), []))


@dbus.service.method(MOCK_IFACE, in_signature='o', out_signature='i')
def CallState(self, path):
    '''The call's state; -1 once it was deleted.'''
    call = mockobject.objects.get(str(path))
    return -1 if call is None else state_of(call)


@dbus.service.method(MOCK_IFACE, in_signature='us', out_signature='')
def SetSignal(self, percent, operator):
    '''ModemManager read the modem's signal (`percent`, recent) and network anew.'''
    modem = mockobject.objects[MODEM]
    # Not UpdateProperties, which cannot wrap a structure in a variant (dbusmock 0.28).
    quality = dbus.Struct((dbus.UInt32(percent), dbus.Boolean(True)), signature='ub', variant_level=1)
    modem.props[MODEM_IFACE]['SignalQuality'] = quality
    modem.EmitSignal('org.freedesktop.DBus.Properties', 'PropertiesChanged', 'sa{sv}as',
                     [MODEM_IFACE, dbus.Dictionary({'SignalQuality': quality}, signature='sv'), dbus.Array([], signature='s')])
    modem.UpdateProperties(MODEM_3GPP_IFACE, {'OperatorName': dbus.String(operator, variant_level=1)})
