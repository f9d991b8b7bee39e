#include <stdio.h>
#include <histedit.h>
#include <wchar.h>

// glibc declares wcwidth only for X/Open builds; libedit measures the line with it, and the
// suggestion drawn after the line must be measured the same way.
extern int wcwidth(wchar_t c);
static inline int cel_wcwidth(wchar_t c) { return wcwidth(c); }

// el_set, el_get and history are variadic, which Swift cannot call: one fixed-signature
// wrapper per use keeps the Swift side type-checked.
typedef char *(*cel_prompt_fn)(EditLine *);
typedef unsigned char (*cel_command_fn)(EditLine *, int);

static inline int cel_set_prompt(EditLine *el, cel_prompt_fn fn) { return el_set(el, EL_PROMPT, fn); }
typedef int (*cel_read_fn)(EditLine *, wchar_t *);
static inline int cel_set_read(EditLine *el, cel_read_fn fn) { return el_set(el, EL_GETCFN, fn); }
static inline int cel_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int cel_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
// 0: the terminal as it was before libedit (for a program errand runs on it); 1: libedit's mode again.
static inline int cel_prep_term(EditLine *el, int edit) { return el_set(el, EL_PREP_TERM, edit); }
static inline int cel_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int cel_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
static inline void *cel_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}
static inline int cel_add_function(EditLine *el, const char *name, const char *help, cel_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int cel_bind(EditLine *el, const char *key, const char *name) {
    return el_set(el, EL_BIND, key, name, NULL);
}

static inline int cel_history_setsize(History *h, int size) {
    HistEvent ev; return history(h, &ev, H_SETSIZE, size);
}
static inline int cel_history_setunique(History *h, int unique) {
    HistEvent ev; return history(h, &ev, H_SETUNIQUE, unique);
}
static inline int cel_history_enter(History *h, const char *line) {
    HistEvent ev; return history(h, &ev, H_ENTER, line);
}
static inline int cel_history_clear(History *h) {
    HistEvent ev; return history(h, &ev, H_CLEAR);
}
