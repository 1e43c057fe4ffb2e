//! Derivatives, interpolation functions, geometry-shader emission, barriers, noise,
//! `ftransform`, fragment-shader interlock and `helperInvocationEXT`.
//!
//! - Derivatives are the cross-invocation ALU operations (`fddx`, `fddx_fine`, ...);
//!   `fwidth*(p) = abs(dFdx*(p)) + abs(dFdy*(p))`.
//! - `interpolateAt*` are the `interp_deref_at_*` intrinsics on the deref of the real input.
//! - Barriers carry a `memory` index, a mask of the variable modes they order
//!   ([`super::mem_mask`]): `barrier()` orders shared memory in compute-like stages and
//!   outputs in tessellation control shaders; `memoryBarrier()` and
//!   `groupMemoryBarrier()` order buffers, shared memory, images and atomic counters.
//! - GL_EXT_split_barrier: `controlBarrierArrive` is nothing and `controlBarrierWait` a
//!   `barrier` (a barrier at the wait orders everything before the arrival as well).
//! - `noise1`..`noise4` are zero, as in Mesa.
//! - `expectEXT(x, e)` is `x`; `assumeEXT` produces nothing (`debugPrintfEXT`, whose string
//!   arguments have no value, is lowered with the stage built-ins);
//!   `textureSamplesIdenticalEXT` is `false` (allowed: the extension only promises `true`
//!   when the samples are known identical).
//! - `writePackedPrimitiveIndices4x8NV(offset, packed)` (GL_NV_mesh_shader) stores the four
//!   bytes of `packed`, lowest first, into `gl_PrimitiveIndicesNV[offset..offset + 4]` (as
//!   Mesa's spirv_to_nir lowers `OpWritePackedPrimitiveIndices4x8NV`).
//! - `ftransform()` is `gl_ModelViewProjectionMatrix * gl_Vertex` computed as the sum of
//!   the columns scaled by the components (so it matches the same product written out).

use fresnel_ir::{AluOp, IndexKind, Intrinsic, Stage, ValueId, VarMode};
use fresnel_sema::types::TypeId as HirTypeId;

use super::{mem_mask, value, BuiltinCx, Lowered};
use crate::Arg;

const NAMES: &[&str] = &[
    "dFdx",
    "dFdy",
    "fwidth",
    "dFdxFine",
    "dFdyFine",
    "fwidthFine",
    "dFdxCoarse",
    "dFdyCoarse",
    "fwidthCoarse",
    "interpolateAtCentroid",
    "interpolateAtSample",
    "interpolateAtOffset",
    "EmitVertex",
    "EndPrimitive",
    "EmitStreamVertex",
    "EndStreamPrimitive",
    "barrier",
    "memoryBarrier",
    "memoryBarrierBuffer",
    "memoryBarrierImage",
    "memoryBarrierAtomicCounter",
    "memoryBarrierShared",
    "groupMemoryBarrier",
    "controlBarrier",
    "controlBarrierArrive",
    "controlBarrierWait",
    "noise1",
    "noise2",
    "noise3",
    "noise4",
    "ftransform",
    "beginInvocationInterlockARB",
    "endInvocationInterlockARB",
    "beginInvocationInterlockNV",
    "endInvocationInterlockNV",
    "helperInvocationEXT",
    "expectEXT",
    "assumeEXT",
    "textureSamplesIdenticalEXT",
    "writePackedPrimitiveIndices4x8NV",
];

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    ret: HirTypeId,
) -> Option<Lowered> {
    if !NAMES.contains(&name) {
        return None;
    }
    Some(lower_known(cx, name, args, ret))
}

/// The modes every memory barrier orders.
const ALL_MEMORY: &[VarMode] = &[VarMode::Ssbo, VarMode::Shared, VarMode::Uniform];

/// The variable modes named by a GL_KHR_memory_scope_semantics storage mask
/// (`gl_StorageSemanticsBuffer` 0x40, `Shared` 0x100, `Image` 0x800, `Output` 0x1000).
fn storage_modes(storage: i64) -> Vec<VarMode> {
    let mut m = Vec::new();
    if storage & 0x40 != 0 {
        m.push(VarMode::Ssbo);
    }
    if storage & 0x100 != 0 {
        m.push(VarMode::Shared);
    }
    if storage & 0x800 != 0 {
        m.push(VarMode::Uniform);
    }
    if storage & 0x1000 != 0 {
        m.push(VarMode::ShaderOut);
    }
    m
}

fn barrier(cx: &mut BuiltinCx<'_, '_>, op: Intrinsic, modes: &[VarMode]) -> Lowered {
    cx.b.intrinsic(op, &[], 0, 0, &[(IndexKind::Memory, mem_mask(modes))]);
    Ok(None)
}

fn derivative(cx: &mut BuiltinCx<'_, '_>, name: &str, p: ValueId) -> ValueId {
    let (x, y) = if name.ends_with("Fine") {
        (AluOp::FddxFine, AluOp::FddyFine)
    } else if name.ends_with("Coarse") {
        (AluOp::FddxCoarse, AluOp::FddyCoarse)
    } else {
        (AluOp::Fddx, AluOp::Fddy)
    };
    if name.starts_with("dFdx") {
        return cx.op1(x, p);
    }
    if name.starts_with("dFdy") {
        return cx.op1(y, p);
    }
    let dx = cx.op1(x, p);
    let dy = cx.op1(y, p);
    let ax = cx.op1(AluOp::Fabs, dx);
    let ay = cx.op1(AluOp::Fabs, dy);
    cx.op2(AluOp::Fadd, ax, ay)
}

fn lower_known(cx: &mut BuiltinCx<'_, '_>, name: &str, args: &[Arg], ret: HirTypeId) -> Lowered {
    match name {
        _ if name.starts_with("dFd") || name.starts_with("fwidth") => {
            let p = cx.val(args, 0)?;
            value(derivative(cx, name, p))
        }
        "interpolateAtCentroid" | "interpolateAtSample" | "interpolateAtOffset" => {
            let d = cx.deref(args, 0)?;
            let rs = cx.shape(ret)?;
            let (op, srcs) = match name {
                "interpolateAtCentroid" => (Intrinsic::InterpDerefAtCentroid, vec![d]),
                "interpolateAtSample" => {
                    (Intrinsic::InterpDerefAtSample, vec![d, cx.val(args, 1)?])
                }
                _ => {
                    let off = cx.val(args, 1)?;
                    let off = cx.conv(AluOp::F2f, 32, off);
                    (Intrinsic::InterpDerefAtOffset, vec![d, off])
                }
            };
            let r = cx.b.intrinsic(op, &srcs, rs.n, rs.bits, &[]);
            value(r.expect("interpolation intrinsics have a result"))
        }
        "EmitVertex" | "EndPrimitive" | "EmitStreamVertex" | "EndStreamPrimitive" => {
            let stream = if name.contains("Stream") {
                let s = cx.val(args, 0)?;
                cx.const_int(s)
                    .ok_or_else(|| cx.err("the stream must be a constant expression"))?
            } else {
                0
            };
            let op = if name.starts_with("Emit") {
                Intrinsic::EmitVertex
            } else {
                Intrinsic::EndPrimitive
            };
            cx.b.intrinsic(op, &[], 0, 0, &[(IndexKind::Stream, stream)]);
            Ok(None)
        }
        "barrier" => {
            let modes: &[VarMode] = match cx.stage {
                Stage::TessControl => &[VarMode::ShaderOut],
                _ => &[VarMode::Shared],
            };
            barrier(cx, Intrinsic::Barrier, modes)
        }
        "memoryBarrier" if args.len() == 3 => {
            let st = cx.val(args, 1)?;
            let st = cx
                .const_int(st)
                .ok_or_else(|| cx.err("the storage semantics must be constant"))?;
            barrier(cx, Intrinsic::MemoryBarrier, &storage_modes(st))
        }
        // GL_EXT_split_barrier: waiting for every invocation to have arrived is a barrier
        // at the wait (everything written before the arrival is written before the wait).
        "controlBarrierArrive" => Ok(None),
        "controlBarrierWait" if args.is_empty() => {
            barrier(cx, Intrinsic::Barrier, &[VarMode::Shared])
        }
        "controlBarrier" | "controlBarrierWait" => {
            let st = cx.val(args, 2)?;
            let st = cx
                .const_int(st)
                .ok_or_else(|| cx.err("the storage semantics must be constant"))?;
            barrier(cx, Intrinsic::Barrier, &storage_modes(st))
        }
        "memoryBarrier" | "groupMemoryBarrier" => barrier(cx, Intrinsic::MemoryBarrier, ALL_MEMORY),
        "memoryBarrierBuffer" => barrier(cx, Intrinsic::MemoryBarrier, &[VarMode::Ssbo]),
        "memoryBarrierShared" => barrier(cx, Intrinsic::MemoryBarrier, &[VarMode::Shared]),
        "memoryBarrierImage" | "memoryBarrierAtomicCounter" => {
            barrier(cx, Intrinsic::MemoryBarrier, &[VarMode::Uniform])
        }
        "noise1" | "noise2" | "noise3" | "noise4" => {
            let rs = cx.shape(ret)?;
            let z = cx.fconst(0.0, rs.bits);
            value(cx.splat(z, rs.n))
        }
        "ftransform" => ftransform(cx),
        "writePackedPrimitiveIndices4x8NV" => write_packed_indices(cx, args),
        "expectEXT" => value(cx.val(args, 0)?),
        "assumeEXT" => Ok(None),
        "textureSamplesIdenticalEXT" => value(cx.b.imm_bool(false)),
        "beginInvocationInterlockARB" | "beginInvocationInterlockNV" => {
            cx.b.intrinsic(Intrinsic::BeginInvocationInterlock, &[], 0, 0, &[]);
            Ok(None)
        }
        "endInvocationInterlockARB" | "endInvocationInterlockNV" => {
            cx.b.intrinsic(Intrinsic::EndInvocationInterlock, &[], 0, 0, &[]);
            Ok(None)
        }
        "helperInvocationEXT" => {
            let r =
                cx.b.intrinsic(Intrinsic::IsHelperInvocation, &[], 1, 1, &[]);
            value(r.expect("is_helper_invocation has a result"))
        }
        _ => Err(cx.unsupported(name)),
    }
}

/// `writePackedPrimitiveIndices4x8NV(offset, packed)`: four byte stores into
/// `gl_PrimitiveIndicesNV`.
fn write_packed_indices(cx: &mut BuiltinCx<'_, '_>, args: &[Arg]) -> Lowered {
    let (var, ty, mode) = (cx.lookup_var)("gl_PrimitiveIndicesNV")
        .ok_or_else(|| cx.err("`writePackedPrimitiveIndices4x8NV` needs gl_PrimitiveIndicesNV"))?;
    let offset = cx.val(args, 0)?;
    let packed = cx.val(args, 1)?;
    let base = cx.b.deref_var(var, ty, mode);
    let byte_mask = cx.iconst(0xff, 32);
    for i in 0..4i64 {
        let k = cx.iconst(i, 32);
        let index = cx.op2(AluOp::Iadd, offset, k);
        let shift = cx.iconst(8 * i, 32);
        let shifted = cx.op2(AluOp::Ushr, packed, shift);
        let byte = cx.op2(AluOp::Iand, shifted, byte_mask);
        let el = cx.b.deref_array(base, index);
        cx.b.store_deref(el, byte, 1);
    }
    Ok(None)
}

fn ftransform(cx: &mut BuiltinCx<'_, '_>) -> Lowered {
    let (mvp, mvp_ty, mvp_mode) = (cx.lookup_var)("gl_ModelViewProjectionMatrix")
        .ok_or_else(|| cx.err("`ftransform` needs gl_ModelViewProjectionMatrix"))?;
    let (vtx, vtx_ty, vtx_mode) =
        (cx.lookup_var)("gl_Vertex").ok_or_else(|| cx.err("`ftransform` needs gl_Vertex"))?;
    let dv = cx.b.deref_var(vtx, vtx_ty, vtx_mode);
    let v = cx.b.load_deref(dv);
    let dm = cx.b.deref_var(mvp, mvp_ty, mvp_mode);
    let mut acc: Option<ValueId> = None;
    for c in 0..4u8 {
        let idx = cx.iconst(i64::from(c), 32);
        let dc = cx.b.deref_array(dm, idx);
        let col = cx.b.load_deref(dc);
        let vc = cx.b.channel(v, c);
        let t = cx.op2(AluOp::Fmul, col, vc);
        acc = Some(match acc {
            None => t,
            Some(a) => cx.op2(AluOp::Fadd, a, t),
        });
    }
    value(acc.expect("four columns"))
}
