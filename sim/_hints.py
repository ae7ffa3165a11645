"""Cache prefetch hints for the compiled loop (x86 ``prefetcht1``; never faults, no effect on results).

Locality 2 (into L2, not L1): a batch prefetches several hundred lines ahead of their use, about
what L1 holds (faster than ``prefetcht0`` in interleaved A/B runs at h = 6 and h = 16).
"""

from __future__ import annotations

from llvmlite import ir
from numba.core import cgutils, types
from numba.extending import intrinsic


def _emit(context, builder, aryty, ary_val, idx_vals, idx_types):
    ary = context.make_array(aryty)(context, builder, ary_val)
    ix = [context.cast(builder, v, t, types.intp) for v, t in zip(idx_vals, idx_types)]
    ptr = cgutils.get_item_pointer(context, builder, aryty, ary, ix, wraparound=False)
    i8p = ir.IntType(8).as_pointer()
    i32 = ir.IntType(32)
    fn = cgutils.get_or_insert_function(
        builder.module, ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]), "llvm.prefetch.p0i8"
    )
    builder.call(fn, [builder.bitcast(ptr, i8p), i32(0), i32(2), i32(1)])


@intrinsic
def prefetch(typingctx, arr, idx):
    """Ask the CPU to bring the cache line of the 1-D array element arr[idx] in."""

    def codegen(context, builder, signature, args):
        _emit(context, builder, signature.args[0], args[0], [args[1]], [signature.args[1]])
        return context.get_dummy_value()

    return types.void(arr, idx), codegen


@intrinsic
def prefetch2(typingctx, arr, i, j):
    """Ask the CPU to bring the cache line of the 2-D array element arr[i, j] in."""

    def codegen(context, builder, signature, args):
        _emit(context, builder, signature.args[0], args[0], [args[1], args[2]], list(signature.args[1:]))
        return context.get_dummy_value()

    return types.void(arr, i, j), codegen


@intrinsic
def cycle_counter(typingctx):
    """The CPU's cycle counter (x86 ``rdtsc``), for timing parts of the compiled loop (no effect
    on results)."""

    def codegen(context, builder, signature, args):
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.IntType(64), []), "llvm.readcyclecounter")
        return builder.call(fn, [])

    return types.int64(), codegen
