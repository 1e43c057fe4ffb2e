//! GL_EXT_shader_tile_image reads: `colorAttachmentReadEXT(attachment [, sample])`,
//! `depthAttachmentReadEXT([sample])`, `stencilAttachmentReadEXT([sample])` are
//! `tile_image_read`: `base` the attachment read (color 0, depth 1, stencil 2), srcs the
//! attachment's deref (color only), then the sample when given.

use fresnel_ir::Intrinsic;
use fresnel_sema::types::TypeId as HirTypeId;

use super::{BuiltinCx, Lowered};
use crate::Arg;

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    ret: HirTypeId,
) -> Option<Lowered> {
    let which = match name {
        "colorAttachmentReadEXT" => 0,
        "depthAttachmentReadEXT" => 1,
        "stencilAttachmentReadEXT" => 2,
        _ => return None,
    };
    Some(lower_read(cx, which, args, ret))
}

fn lower_read(cx: &mut BuiltinCx<'_, '_>, which: i64, args: &[Arg], ret: HirTypeId) -> Lowered {
    let mut srcs = Vec::with_capacity(2);
    let mut i = 0;
    if which == 0 {
        srcs.push(cx.deref(args, 0)?);
        i = 1;
    }
    if args.len() > i {
        srcs.push(cx.val(args, i)?);
    }
    cx.base_intrinsic(Intrinsic::TileImageRead, &srcs, ret, which)
}
