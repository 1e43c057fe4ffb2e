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

/// A specialization constant of a small float type (`opaque "bfloat16_t"`, the microscaling
/// `opaque "floate2m1_t"`) is declared with its default as the bits of an `f64`, read by
/// the vendor operation `spec_constant`, and round-trips; another opaque type is not a
/// specialization constant, nor a small float vector.
#[test]
fn small_float_spec_constants_round_trip() {
    let text = "shader compute
info local_size=1x1x1 spec_const(1 opaque \"bfloat16_t\" b (0x4024000000000000)) spec_const(5 opaque \"floate2m1_t\" m (0x3ff8000000000000))
entry fn0

function fn0 main() {
  var @0 function opaque \"bfloat16_t\" t
  block b0:
    %0 = load_const 32x1 (0x1)
    %1 = deref_var @0 (function opaque \"bfloat16_t\")
    vendor_op %1, %0 (op=spec_constant)
  block b1 (end):
}
";
    let s = parse(text).expect("parses");
    validate(&s).expect("valid");
    let printed = s.to_string();
    assert!(
        printed.contains("spec_const(1 opaque \"bfloat16_t\" b (0x4024000000000000))"),
        "{printed}"
    );
    assert!(printed.contains("(op=spec_constant)"), "{printed}");
    assert_eq!(parse(&printed).expect("reparses").to_string(), printed);
    for bad in ["opaque \"bf16vec2\"", "opaque \"coopmat\""] {
        let t = text.replace("opaque \"floate2m1_t\"", bad);
        assert!(parse(&t).is_err(), "{bad} accepted");
    }
}
