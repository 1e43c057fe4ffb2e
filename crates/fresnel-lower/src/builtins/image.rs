//! Image functions (GLSL 8.12): loads, stores, atomics, size and sample queries, as the
//! `image_deref_*` intrinsics on the deref of the image argument.
//!
//! Sources follow the intrinsic table: the image deref, a 4-component 32-bit integer
//! coordinate (the used components first, the array layer after the texel coordinates as
//! GLSL writes it, the rest zero), a sample index (zero for non-multisample images), then
//! the data. `image_deref_atomic_swap` takes the new value, then the value compared with.
//! The memory-model arguments of GL_KHR_memory_scope_semantics are ignored (every atomic
//! is sequentially consistent in the IR's model). Atomics on `f16vec2`/`f16vec4` texels
//! (GL_NV_shader_atomic_fp16_vector) are `image_deref_atomic_vec`.

use fresnel_ir::{AtomicOp, IndexKind, Intrinsic, ValueId};
use fresnel_sema::types::TypeId as HirTypeId;

use super::texture::opaque_arg;
use super::{value, BuiltinCx, Lowered};
use crate::Arg;

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    ret: HirTypeId,
) -> Option<Lowered> {
    if name == "imageLoadLodAMD" || name == "imageStoreLodAMD" {
        return Some(lower_lod(cx, name, args, ret));
    }
    let known = matches!(
        name,
        "imageLoad" | "imageStore" | "imageSize" | "imageSamples"
    ) || atomic_op_name(name).is_some();
    if !known {
        return None;
    }
    Some(lower_known(cx, name, args, ret))
}

/// The atomic operation of an `imageAtomic*` name, before the data type is known.
fn atomic_op_name(name: &str) -> Option<&'static str> {
    Some(match name.strip_prefix("imageAtomic")? {
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
    })
}

/// The atomic operation for a GLSL atomic function on data of the given kind.
pub(crate) fn atomic_op(op: &str, float: bool, signed: bool) -> Option<AtomicOp> {
    Some(match (op, float, signed) {
        ("add", true, _) => AtomicOp::Fadd,
        ("add", false, _) => AtomicOp::Iadd,
        ("min", true, _) => AtomicOp::Fmin,
        ("min", false, true) => AtomicOp::Imin,
        ("min", false, false) => AtomicOp::Umin,
        ("max", true, _) => AtomicOp::Fmax,
        ("max", false, true) => AtomicOp::Imax,
        ("max", false, false) => AtomicOp::Umax,
        ("and", false, _) => AtomicOp::Iand,
        ("or", false, _) => AtomicOp::Ior,
        ("xor", false, _) => AtomicOp::Ixor,
        ("xchg", _, _) => AtomicOp::Xchg,
        ("cmpxchg", _, _) => AtomicOp::CmpXchg,
        ("load", _, _) => AtomicOp::Load,
        ("store", _, _) => AtomicOp::Store,
        _ => return None,
    })
}

/// The coordinate `p` padded with zeros to four components.
fn coord4(cx: &mut BuiltinCx<'_, '_>, p: ValueId) -> ValueId {
    let mut comps = cx.comps(p).to_vec();
    while comps.len() < 4 {
        let z = cx.iconst(0, 32);
        comps.push(z);
    }
    comps.truncate(4);
    cx.b.vec(&comps)
}

fn lower_known(cx: &mut BuiltinCx<'_, '_>, name: &str, args: &[Arg], ret: HirTypeId) -> Lowered {
    let o = opaque_arg(cx, args, 0)?;
    let img = cx.deref(args, 0)?;
    match name {
        "imageSize" => {
            let n = cx.shape(ret)?.n;
            let lod = cx.iconst(0, 32);
            let r =
                cx.b.intrinsic(Intrinsic::ImageDerefSize, &[img, lod], n, 32, &[]);
            return value(r.expect("image_deref_size has a result"));
        }
        "imageSamples" => {
            let r =
                cx.b.intrinsic(Intrinsic::ImageDerefSamples, &[img], 1, 32, &[]);
            return value(r.expect("image_deref_samples has a result"));
        }
        _ => {}
    }
    let p = cx.val(args, 1)?;
    let coord = coord4(cx, p);
    let mut i = 2;
    let sample = if o.ms {
        i += 1;
        cx.val(args, 2)?
    } else {
        cx.iconst(0, 32)
    };
    match name {
        "imageLoad" => {
            let rs = cx.shape(ret)?;
            let r = cx.b.intrinsic(
                Intrinsic::ImageDerefLoad,
                &[img, coord, sample],
                4,
                rs.bits,
                &[],
            );
            value(r.expect("image_deref_load has a result"))
        }
        "imageStore" => {
            let data = cx.val(args, i)?;
            let bits = cx.b.bit_size(data);
            cx.b.intrinsic(
                Intrinsic::ImageDerefStore,
                &[img, coord, sample, data],
                4,
                bits,
                &[],
            );
            Ok(None)
        }
        _ => {
            let opname = atomic_op_name(name).ok_or_else(|| cx.unsupported(name))?;
            let float = o.sampled.is_float();
            let signed = o.sampled.is_signed_int();
            let aop = atomic_op(opname, float, signed).ok_or_else(|| cx.unsupported(name))?;
            let idx = [(IndexKind::Atomic, aop.index())];
            // (`imageAtomicStore` returns nothing.)
            if let Some(rs) = cx.shape(ret).ok().filter(|rs| rs.n > 1) {
                // GL_NV_shader_atomic_fp16_vector: one atomic on the whole f16vec2/f16vec4.
                let data = cx.val(args, i)?;
                let r = cx.b.intrinsic(
                    Intrinsic::ImageDerefAtomicVec,
                    &[img, coord, sample, data],
                    rs.n,
                    rs.bits,
                    &idx,
                );
                return value(r.expect("image_deref_atomic_vec has a result"));
            }
            let bits = o.sampled.bits() as u8;
            let r = match aop {
                AtomicOp::CmpXchg => {
                    let compare = cx.val(args, i)?;
                    let data = cx.val(args, i + 1)?;
                    cx.b.intrinsic(
                        Intrinsic::ImageDerefAtomicSwap,
                        &[img, coord, sample, data, compare],
                        1,
                        bits,
                        &idx,
                    )
                }
                AtomicOp::Load => {
                    let zero = cx.iconst(0, bits);
                    cx.b.intrinsic(
                        Intrinsic::ImageDerefAtomic,
                        &[img, coord, sample, zero],
                        1,
                        bits,
                        &idx,
                    )
                }
                _ => {
                    let data = cx.val(args, i)?;
                    cx.b.intrinsic(
                        Intrinsic::ImageDerefAtomic,
                        &[img, coord, sample, data],
                        1,
                        bits,
                        &idx,
                    )
                }
            };
            if aop == AtomicOp::Store {
                return Ok(None);
            }
            value(r.expect("image atomics have a result"))
        }
    }
}

/// GL_AMD_shader_image_load_store_lod: `imageLoadLodAMD(image, P, lod)` and
/// `imageStoreLodAMD(image, P, lod, data)` as `image_deref_load_lod` / `..._store_lod`
/// (added by helper E).
fn lower_lod(cx: &mut BuiltinCx<'_, '_>, name: &str, args: &[Arg], ret: HirTypeId) -> Lowered {
    let img = cx.deref(args, 0)?;
    let p = cx.val(args, 1)?;
    let coord = coord4(cx, p);
    let lod = cx.val(args, 2)?;
    if name == "imageLoadLodAMD" {
        let rs = cx.shape(ret)?;
        let r = cx.b.intrinsic(
            Intrinsic::ImageDerefLoadLod,
            &[img, coord, lod],
            4,
            rs.bits,
            &[],
        );
        return value(r.expect("image_deref_load_lod has a result"));
    }
    let data = cx.val(args, 3)?;
    let bits = cx.b.bit_size(data);
    cx.b.intrinsic(
        Intrinsic::ImageDerefStoreLod,
        &[img, coord, lod, data],
        4,
        bits,
        &[],
    );
    Ok(None)
}
