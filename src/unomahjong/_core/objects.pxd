# cython: language_level=3
# Instances of the library's frozen attrs classes with slots, read and built
# at C level by the core modules. attrs stores each field in a slot (a
# member descriptor at a fixed offset of the instance); its own __init__ and
# object.__setattr__ reach that storage through a Python call per field,
# which costs more than a whole parse. These helpers go to the storage
# directly, and only where the descriptor is the plain object slot it is
# expected to be (umj_offset says -1 otherwise, and callers then fall back
# to the class itself).

from cpython.object cimport PyObject


cdef extern from *:
    """
    #include "structmember.h"  /* PyMemberDef (in descrobject.h from 3.12) */
    /* The slot at ``offset`` of an object (a member descriptor's storage):
       a borrowed reference, NULL when unset. */
    static PyObject* umj_slot(PyObject* obj, Py_ssize_t offset) {
        return *(PyObject**)((char*)obj + offset);
    }
    /* Store a new reference in a slot of a fresh object. */
    static void umj_fill(PyObject* obj, Py_ssize_t offset, PyObject* value) {
        PyObject** p = (PyObject**)((char*)obj + offset);
        Py_INCREF(value);
        Py_XSETREF(*p, value);
    }
    /* The storage offset of a slot's member descriptor, or -1 when the
       descriptor is not a writable object slot. */
    static Py_ssize_t umj_offset(PyObject* descr) {
        if (!PyObject_TypeCheck(descr, &PyMemberDescr_Type)) return -1;
        PyMemberDef* m = ((PyMemberDescrObject*)descr)->d_member;
        if (m->type != 16 /* Py_T_OBJECT_EX */ || (m->flags & 1 /* Py_READONLY */)) return -1;
        return m->offset;
    }
    /* A new, empty instance of a plain class (its slots unset), as
       object.__new__ makes it: the caller fills every slot. */
    static PyObject* umj_alloc(PyObject* cls) {
        PyTypeObject* t = (PyTypeObject*)cls;
        return t->tp_alloc(t, 0);
    }
    """
    PyObject* umj_slot(object obj, Py_ssize_t offset)
    void umj_fill(object obj, Py_ssize_t offset, object value)
    Py_ssize_t umj_offset(object descr)
    object umj_alloc(object cls)
