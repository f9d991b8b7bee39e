#include <libical/ical.h>

// The recurrence type's BY* lists are C arrays of hundreds of shorts, which Swift imports as
// tuples it cannot index: these read and set the few things Errand maps.

// Whether a BY* list other than BYDAY holds anything, or the rule ends (COUNT, UNTIL), or it
// uses RSCALE: such a rule has no Errand equivalent.
static inline int errand_recur_has_more_than_byday(const struct icalrecurrencetype *r) {
    return r->count != 0 || !icaltime_is_null_time(r->until) || r->rscale != NULL
        || r->by_second[0] != ICAL_RECURRENCE_ARRAY_MAX || r->by_minute[0] != ICAL_RECURRENCE_ARRAY_MAX
        || r->by_hour[0] != ICAL_RECURRENCE_ARRAY_MAX || r->by_month_day[0] != ICAL_RECURRENCE_ARRAY_MAX
        || r->by_year_day[0] != ICAL_RECURRENCE_ARRAY_MAX || r->by_week_no[0] != ICAL_RECURRENCE_ARRAY_MAX
        || r->by_month[0] != ICAL_RECURRENCE_ARRAY_MAX || r->by_set_pos[0] != ICAL_RECURRENCE_ARRAY_MAX;
}

// BYDAY as a mask of weekdays (bit 0 Sunday ... bit 6 Saturday); 0 when empty, -1 when a day
// carries a position (1MO, -1FR), which Errand cannot map.
static inline int errand_recur_byday_mask(const struct icalrecurrencetype *r) {
    int mask = 0;
    for (int i = 0; i < ICAL_BY_DAY_SIZE && r->by_day[i] != ICAL_RECURRENCE_ARRAY_MAX; i++) {
        if (icalrecurrencetype_day_position(r->by_day[i]) != 0) return -1;
        int day = (int)icalrecurrencetype_day_day_of_week(r->by_day[i]);
        if (day < ICAL_SUNDAY_WEEKDAY || day > ICAL_SATURDAY_WEEKDAY) return -1;
        mask |= 1 << (day - ICAL_SUNDAY_WEEKDAY);
    }
    return mask;
}

// Sets BYDAY to Monday to Friday.
static inline void errand_recur_set_weekdays(struct icalrecurrencetype *r) {
    for (int i = 0; i < 5; i++) r->by_day[i] = (short)(ICAL_MONDAY_WEEKDAY + i);
    r->by_day[5] = ICAL_RECURRENCE_ARRAY_MAX;
}

// Whether a rule's occurrences fall at most once a day: no BYHOUR, BYMINUTE, BYSECOND or
// RSCALE (a calendar other than the Gregorian), and a FREQ of DAILY to YEARLY.
static inline int errand_recur_is_by_day(const struct icalrecurrencetype *r) {
    return r->rscale == NULL && r->by_second[0] == ICAL_RECURRENCE_ARRAY_MAX && r->by_minute[0] == ICAL_RECURRENCE_ARRAY_MAX
        && r->by_hour[0] == ICAL_RECURRENCE_ARRAY_MAX
        && (r->freq == ICAL_DAILY_RECURRENCE || r->freq == ICAL_WEEKLY_RECURRENCE
            || r->freq == ICAL_MONTHLY_RECURRENCE || r->freq == ICAL_YEARLY_RECURRENCE);
}
