"""python-caldav (PyPI `caldav`) as a fourth client in Errand's sync tests.

Usage: python_caldav_peer.py URL USER PASSWORD make LIST SUMMARY
       python_caldav_peer.py URL USER PASSWORD list
`make` makes a task list (VTODO only) from the account's principal, as an app built on
python-caldav would, and saves one task in it; `list` prints `LIST|SUMMARY|STATUS` per task of
every calendar the principal has.
"""
import sys

import caldav


def main():
    url, user, password, action = sys.argv[1:5]
    principal = caldav.DAVClient(url=url, username=user or None, password=password or None).principal()
    if action == "make":
        calendar = principal.make_calendar(name=sys.argv[5], supported_calendar_component_set=["VTODO"])
        calendar.save_todo(summary=sys.argv[6])
        print(calendar.url)
    elif action == "list":
        for calendar in principal.calendars():
            for todo in calendar.todos(include_completed=True):
                component = todo.icalendar_component
                print(f"{calendar.get_display_name()}|{component.get('summary')}|{component.get('status')}")
    else:
        sys.exit(f"unknown action {action}")


main()
