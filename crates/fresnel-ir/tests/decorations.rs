//! The text form of declaration decorations (precision, transform feedback, atomic counter
//! offsets, block packings, block member decorations, stage modes, specialization
//! constants): parsed into the right fields and printed back exactly.

use fresnel_ir::{
    access, parse, validate, BlockPacking, Constant, Interp, Precision, Printer, Sampling,
};

fn print(s: &fresnel_ir::Shader) -> String {
    let mut out = String::new();
    Printer::new(s).shader(&mut out);
    out
}

const TEXT: &str = "shader tess_eval
info local_size=1x1x1 local_size_x_id=3 local_size_z_id=5 tess_primitive=quads tess_spacing=fractional_odd_spacing tess_order=cw depth_layout=depth_less tess_point_mode blend_support=blend_support_multiply mode(post_depth_coverage) mode(\"odd name\"=-3) spec_const(7 f32 F (0x40200000)) spec_const(1 bool B (0x1))

block struct %Blk { f32x4 p; f32x4 q; i32 r; }
block struct %Ub { f32x4 a offset=0; f32x4 b mediump offset=16; }
struct %S { f32 x lowp; f32 y; f32 z highp; }

var @0 shader_out %Blk Blk (location=2, xfb_buffer=3, xfb_stride=48) members[3] { 0 (flat, centroid, invariant, lowp, xfb_buffer=3, xfb_offset=8); 2 (builtin, location=4, component=1, noperspective, sample, patch, precise, highp, access=3, xfb_stride=12, stream=1); }
var @1 ubo %Ub Ub (binding=0, set=1, access=4, packing=std140) members[2] { 1 (mediump, access=1); }
var @2 uniform atomic_uint a (binding=0, offset=12)
var @3 shader_out f32 w (relaxed, mediump, xfb_buffer=1, xfb_offset=4, xfb_stride=16, stream=2)
var @4 uniform sampler_subpass_f si (binding=1, set=0, input_attachment_index=2)
";

#[test]
fn decorations_parse_and_print_back_exactly() {
    let s = parse(TEXT).unwrap_or_else(|e| panic!("{e}"));
    validate(&s).expect("valid");
    assert_eq!(print(&s), TEXT);

    let i = &s.info;
    assert_eq!(i.local_size_id, [Some(3), None, Some(5)]);
    assert_eq!(i.tess_primitive.as_deref(), Some("quads"));
    assert_eq!(i.tess_spacing.as_deref(), Some("fractional_odd_spacing"));
    assert_eq!(i.tess_order.as_deref(), Some("cw"));
    assert!(i.tess_point_mode);
    assert_eq!(i.depth_layout.as_deref(), Some("depth_less"));
    assert_eq!(i.blend_support, ["blend_support_multiply"]);
    assert_eq!(
        i.other_modes,
        [
            ("post_depth_coverage".to_string(), None),
            ("odd name".to_string(), Some(-3))
        ]
    );
    assert_eq!(i.spec_constants.len(), 2);
    assert_eq!(i.spec_constants[0].id, 7);
    assert_eq!(i.spec_constants[0].name, "F");
    assert_eq!(
        i.spec_constants[0].value,
        Constant::Vector(vec![u64::from(2.5f32.to_bits())])
    );
    assert_eq!(s.types.display(i.spec_constants[1].ty), "bool");

    let blk = &s.vars.values().next().unwrap();
    assert_eq!(
        (blk.xfb_buffer, blk.xfb_stride, blk.location),
        (Some(3), Some(48), Some(2))
    );
    assert_eq!(blk.members.len(), 3);
    let m0 = &blk.members[0];
    assert_eq!(
        (m0.interp, m0.sampling, m0.invariant, m0.precision),
        (Interp::Flat, Sampling::Centroid, true, Precision::Low)
    );
    assert_eq!((m0.xfb_buffer, m0.xfb_offset), (Some(3), Some(8)));
    assert!(blk.members[1].is_default());
    let m2 = &blk.members[2];
    assert!(m2.builtin && m2.patch && m2.precise);
    assert_eq!(
        (m2.location, m2.component, m2.interp, m2.sampling),
        (Some(4), Some(1), Interp::NoPerspective, Sampling::Sample)
    );
    assert_eq!(
        (m2.precision, m2.access, m2.xfb_stride, m2.stream),
        (
            Precision::High,
            access::READONLY | access::WRITEONLY,
            Some(12),
            Some(1)
        )
    );

    let st = s
        .types
        .iter()
        .find(|(_, t)| matches!(t, fresnel_ir::Type::Struct { name, .. } if name == "S"))
        .map(|(id, _)| id)
        .unwrap();
    let p: Vec<Precision> = (0..3).map(|k| s.types.member_precision(st, k)).collect();
    assert_eq!(p, [Precision::Low, Precision::None, Precision::High]);
    let vars: Vec<_> = s.vars.values().collect();
    let ub = vars[1];
    assert_eq!(ub.packing, Some(BlockPacking::Std140));
    assert_eq!(ub.access, access::COHERENT);
    assert_eq!(ub.members[1].precision, Precision::Medium);
    assert_eq!(ub.members[1].access, access::READONLY);
    assert_eq!(vars[2].offset, Some(12));
    let w = vars[3];
    assert!(w.relaxed_precision);
    assert_eq!(w.precision, Precision::Medium);
    assert_eq!(
        (w.xfb_buffer, w.xfb_offset, w.xfb_stride, w.stream),
        (Some(1), Some(4), Some(16), Some(2))
    );
    assert_eq!(vars[4].input_attachment_index, Some(2));
}

#[test]
fn every_packing_round_trips() {
    for p in BlockPacking::ALL {
        let text = format!(
            "shader compute\ninfo local_size=1x1x1\n\nblock struct %B {{ f32 a offset=0; }}\n\nvar @0 ssbo %B B (packing={})\n",
            p.name()
        );
        let s = parse(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.vars.values().next().unwrap().packing, Some(*p));
        assert_eq!(print(&s), text);
    }
}

#[test]
fn member_decorations_must_match_the_block() {
    // Parsed, but one entry too many for the block type.
    let text = "shader vertex\ninfo local_size=1x1x1\n\nblock struct %B { f32 a; }\n\nvar @0 shader_out %B B members[2] { 1 (flat); }\n";
    let s = parse(text).expect("parses");
    let errs = validate(&s).expect_err("invalid");
    assert!(
        errs.iter()
            .any(|e| e.to_string().contains("2 member decorations for 1 members")),
        "{errs:?}"
    );
    // On a variable that is not a block.
    let text = "shader vertex\ninfo local_size=1x1x1\n\nvar @0 shader_out f32 x members[1] { 0 (flat); }\n";
    let errs = validate(&parse(text).expect("parses")).expect_err("invalid");
    assert!(
        errs.iter()
            .any(|e| e.to_string().contains("is not a block")),
        "{errs:?}"
    );
    // A member count the text cannot justify is refused before allocating.
    let text = "shader vertex\ninfo local_size=1x1x1\n\nblock struct %B { f32 a; }\n\nvar @0 shader_out %B B members[99999999999] { }\n";
    let e = parse(text).expect_err("refused").to_string();
    assert!(e.contains("out of range"), "{e}");
    let text = "shader vertex\ninfo local_size=1x1x1\n\nblock struct %B { f32 a; }\n\nvar @0 shader_out %B B members[0] { }\n";
    let e = parse(text).expect_err("refused").to_string();
    assert!(e.contains("out of range"), "{e}");
}
