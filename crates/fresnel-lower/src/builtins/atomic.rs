//! Atomic memory functions (GLSL 8.11) on buffer and shared variables, and atomic counter
//! functions (GLSL 8.10).
//!
//! - `atomicAdd(mem, data)` ... are `deref_atomic` (`deref_atomic_swap` for
//!   `atomicCompSwap`, sources: deref, new value, value compared with) on the deref of the
//!   real variable ([`super::wants_real_deref`]); `atomicLoad` / `atomicStore`
//!   (GL_KHR_memory_scope_semantics) use the `load` / `store` operations, a load with a
//!   zero data source. Scope and semantics arguments are ignored.
//! - Atomic counters: `atomicCounter` is `atomic_counter_read`; the others are
//!   `atomic_counter_op` (`inc` returns the value before, `dec` the value after, as GLSL
//!   defines them; their data source is zero and unused), `atomicCounterSubtract` adds the
//!   negated operand, and `atomicCounterCompSwap` is `atomic_counter_op_swap`.

use fresnel_ir::{AluOp, AtomicOp, IndexKind, Intrinsic};
use fresnel_sema::types::TypeId as HirTypeId;

use super::image::atomic_op;
use super::{value, BuiltinCx, Lowered};
use crate::Arg;

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    _ret: HirTypeId,
) -> Option<Lowered> {
    if let Some(rest) = name.strip_prefix("atomicCounter") {
        let rest = rest.strip_suffix("ARB").unwrap_or(rest);
        return Some(counter(cx, name, rest, args));
    }
    let op = match name.strip_prefix("atomic")? {
        "Add" => "add",
        "Min" => "min",
        "Max" => "max",
        "And" => "and",
        "Or" => "or",
        "Xor" => "xor",
        "Exchange" => "xchg",
        "CompSwap" => "cmpxchg",
        "Load" => "load",
        "Store" => "store",
        _ => return None,
    };
    Some(memory(cx, name, op, args))
}

fn memory(cx: &mut BuiltinCx<'_, '_>, name: &str, op: &str, args: &[Arg]) -> Lowered {
    let mem = cx.deref(args, 0)?;
    let s = cx.arg_shape(args, 0)?;
    let aop = atomic_op(op, s.is_float(), s.is_signed()).ok_or_else(|| cx.unsupported(name))?;
    let idx = [(IndexKind::Atomic, aop.index())];
    let r = match aop {
        AtomicOp::CmpXchg => {
            let compare = cx.val(args, 1)?;
            let data = cx.val(args, 2)?;
            cx.b.intrinsic(
                Intrinsic::DerefAtomicSwap,
                &[mem, data, compare],
                s.n,
                s.bits,
                &idx,
            )
        }
        AtomicOp::Load => {
            let zero = cx.iconst(0, s.bits);
            let zero = cx.splat(zero, s.n);
            cx.b.intrinsic(Intrinsic::DerefAtomic, &[mem, zero], s.n, s.bits, &idx)
        }
        _ => {
            let data = cx.val(args, 1)?;
            cx.b.intrinsic(Intrinsic::DerefAtomic, &[mem, data], s.n, s.bits, &idx)
        }
    };
    if aop == AtomicOp::Store {
        return Ok(None);
    }
    value(r.expect("deref atomics have a result"))
}

fn counter(cx: &mut BuiltinCx<'_, '_>, name: &str, op: &str, args: &[Arg]) -> Lowered {
    let c = cx.deref(args, 0)?;
    if op.is_empty() {
        let r =
            cx.b.intrinsic(Intrinsic::AtomicCounterRead, &[c], 1, 32, &[]);
        return value(r.expect("atomic_counter_read has a result"));
    }
    let (aop, data) = match op {
        "Increment" => (AtomicOp::Inc, cx.iconst(0, 32)),
        "Decrement" => (AtomicOp::Dec, cx.iconst(0, 32)),
        "Subtract" => {
            let d = cx.val(args, 1)?;
            let zero = cx.iconst(0, 32);
            (AtomicOp::Iadd, cx.op2(AluOp::Isub, zero, d))
        }
        "CompSwap" => {
            let compare = cx.val(args, 1)?;
            let data = cx.val(args, 2)?;
            let idx = [(IndexKind::Atomic, AtomicOp::CmpXchg.index())];
            let r = cx.b.intrinsic(
                Intrinsic::AtomicCounterOpSwap,
                &[c, data, compare],
                1,
                32,
                &idx,
            );
            return value(r.expect("atomic_counter_op_swap has a result"));
        }
        _ => {
            let base = match op {
                "Add" => "add",
                "Min" => "min",
                "Max" => "max",
                "And" => "and",
                "Or" => "or",
                "Xor" => "xor",
                "Exchange" => "xchg",
                _ => return Err(cx.unsupported(name)),
            };
            let aop = atomic_op(base, false, false).ok_or_else(|| cx.unsupported(name))?;
            (aop, cx.val(args, 1)?)
        }
    };
    let idx = [(IndexKind::Atomic, aop.index())];
    let r =
        cx.b.intrinsic(Intrinsic::AtomicCounterOp, &[c, data], 1, 32, &idx);
    value(r.expect("atomic_counter_op has a result"))
}
