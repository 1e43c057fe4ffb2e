//! GL_AMD_shader_fragment_mask: `fragmentMaskFetchAMD(s, P)` and `fragmentFetchAMD(s, P,
//! fragIndex)` are `fragment_fetch_amd`: `base` 0 for the mask, 1 for the fragment; srcs
//! the multisampled texture's (or subpass input's) deref, the coordinate (`ivec2(0)` for a
//! subpass input, as glslang writes it), then the fragment index. A texture combined with
//! a separate sampler is fetched from without the sampler.

use fresnel_ir::Intrinsic;
use fresnel_sema::types::{Dim, TypeId as HirTypeId};

use super::texture::opaque_arg;
use super::{BuiltinCx, Lowered};
use crate::Arg;

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    ret: HirTypeId,
) -> Option<Lowered> {
    let which = match name {
        "fragmentMaskFetchAMD" => 0,
        "fragmentFetchAMD" => 1,
        _ => return None,
    };
    Some(lower_fetch(cx, which, args, ret))
}

fn lower_fetch(cx: &mut BuiltinCx<'_, '_>, which: i64, args: &[Arg], ret: HirTypeId) -> Lowered {
    let subpass = opaque_arg(cx, args, 0)?.dim == Dim::Subpass;
    let mut srcs = vec![cx.deref(args, 0)?];
    let mut i = 1;
    if subpass {
        srcs.push(cx.b.constant(32, &[0, 0]));
    } else {
        srcs.push(cx.val(args, 1)?);
        i = 2;
    }
    if which == 1 {
        srcs.push(cx.val(args, i)?);
    }
    cx.base_intrinsic(Intrinsic::FragmentFetchAmd, &srcs, ret, which)
}
