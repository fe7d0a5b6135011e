// KeypadInput: finding keypads among /dev/input devices, following hotplug, and the event loop.
