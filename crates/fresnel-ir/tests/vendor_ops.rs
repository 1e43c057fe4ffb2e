//! The vendor operations (`vendor_op`, `vendor_op_value`; issue 4): any number of sources,
//! the GLSL operation printed by name; the text form round-trips exactly, the validator
//! and the parser reject malformed ones, and the flags keep them in place.

use fresnel_ir::vendor::{vendor_extension, vendor_op_index, vendor_op_name, VENDOR_OPS};
use fresnel_ir::{parse, validate, Intrinsic, Printer, Shader};

fn print(s: &Shader) -> String {
    let mut out = String::new();
    Printer::new(s).shader(&mut out);
    out
}

const TEXT: &str = r#"shader compute
info local_size=1x1x1
entry fn0

block struct %Block { [0 x f32, stride 4] x offset=0; }

var @0 ssbo %Block Block (binding=0, packing=std430)

function fn0 main() {
  var @1 function opaque "vector<float, 5>" a
  var @2 function opaque "vector<float, 5>" vendor
  block b0:  // preds:
    %0 = deref_var @0 (ssbo %Block)
    %1 = deref_struct %0.0 (ssbo [0 x f32, stride 4])  // .x
    %2 = load_const 32x1 (0x0)  // (0)
    %3 = deref_array %1[%2] (ssbo f32)
    %4 = load_deref 32x1 %3
    %5 = deref_var @2 (function opaque "vector<float, 5>")
    vendor_op %5, %4 (op=construct)
    %6 = deref_var @1 (function opaque "vector<float, 5>")
    vendor_op %6, %5, %5, %4, %2, %1 (op=coopMatMulAdd)
    %7 = load_const 32x1 (0x2)  // (2)
    %8 = vendor_op_value 32x1 %6, %7 (op=extract)
    %9 = vendor_op_value 1x1 %6, %5 (op=op_eq)
    store_deref %3, %8 (wrmask=x)
    // succs: b1
  block b1 (end):  // preds: b0
}
"#;

#[test]
fn vendor_ops_round_trip_exactly() {
    let s = parse(TEXT).unwrap_or_else(|e| panic!("{e}"));
    validate(&s).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(print(&s), TEXT);
}

#[test]
fn vendor_ops_are_never_eliminated_or_reordered() {
    for op in [Intrinsic::VendorOp, Intrinsic::VendorOpValue] {
        assert!(!op.can_eliminate() && !op.can_reorder(), "{op}");
        assert!(op.info().is_variadic());
    }
    assert!(!Intrinsic::LoadDeref.info().is_variadic());
}

#[test]
fn the_operation_table_names_round_trip() {
    for (i, n) in VENDOR_OPS.iter().enumerate() {
        assert_eq!(vendor_op_index(n), Some(i as i64), "{n} listed twice");
        assert_eq!(vendor_op_name(i as i64), Some(*n));
    }
    assert_eq!(vendor_op_name(-1), None);
    assert_eq!(vendor_op_name(VENDOR_OPS.len() as i64), None);
    assert_eq!(
        vendor_extension("coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA>"),
        "GL_KHR_cooperative_matrix"
    );
    assert_eq!(vendor_extension("vector<float, 5>"), "GL_EXT_long_vector");
    assert_eq!(vendor_extension("bf16vec2"), "GL_EXT_bfloat16");
    assert_eq!(vendor_extension("tensorARM<float, 2>"), "GL_ARM_tensors");
}

#[test]
fn unknown_operation_is_a_parse_error() {
    let text = TEXT.replace("(op=construct)", "(op=frobnicate)");
    let e = parse(&text).expect_err("unknown op");
    assert!(
        e.to_string()
            .contains("unknown vendor operation 'frobnicate'"),
        "{e}"
    );
}

#[test]
fn validator_rejects_malformed_vendor_ops() {
    // The destination of `vendor_op` must be a deref.
    let text = TEXT.replace(
        "vendor_op %5, %4 (op=construct)",
        "vendor_op %4, %5 (op=construct)",
    );
    let s = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    let errs = validate(&s).expect_err("value destination");
    assert!(
        errs.iter()
            .any(|e| e.to_string().contains("first source must be the deref")),
        "{errs:?}"
    );
    // An `op` index outside the table (written as a number).
    let n = VENDOR_OPS.len();
    let text = TEXT.replace("(op=construct)", &format!("(op={n})"));
    match parse(&text) {
        Err(e) => assert!(e.to_string().contains("vendor operation"), "{e}"),
        Ok(s) => {
            let errs = validate(&s).expect_err("bad op");
            assert!(
                errs.iter().any(|e| e.to_string().contains("known `op`")),
                "{errs:?}"
            );
        }
    }
    // No `op` at all.
    let text = TEXT.replace(" (op=construct)", "");
    let s = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert!(validate(&s).is_err());
}

/// `spirv_instruction` (issue 5): its set, kinds, capabilities and extensions print as
/// quoted texts and parse back.
const SPIRV_TEXT: &str = r#"shader vertex
info local_size=1x1x1
entry fn0

function fn0 main() {
  var @0 function f32x2 v
  block b0:  // preds:
    %0 = load_const 32x1 (0x1)  // (1)
    %1 = spirv_instruction_value 32x2 %0 (base=5056, kinds="u:i", caps="5055", exts="SPV_KHR_shader_clock")
    %2 = deref_var @0 (function f32x2)
    %3 = load_const 32x1 (0x0)  // (0)
    %4 = spirv_instruction_value 32x2 %2, %3 (base=61, kinds="f:pl")
    %5 = spirv_instruction_value 32x2 %4, %4, %4 (base=1, kinds="f:fff", set="SPV_AMD_shader_trinary_minmax", exts="SPV_AMD_shader_trinary_minmax")
    spirv_instruction (base=1, kinds="v:", set="NonSemantic.DebugBreak", caps="4472,4478", exts="SPV_KHR_non_semantic_info,SPV_KHR_ray_query")
    // succs: b1
  block b1 (end):  // preds: b0
}
"#;

#[test]
fn spirv_instructions_round_trip_exactly() {
    let s = parse(SPIRV_TEXT).unwrap_or_else(|e| panic!("{e}"));
    validate(&s).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(print(&s), SPIRV_TEXT);
    use fresnel_ir::spirv_instruction::{decode_caps, decode_exts, decode_kinds, SpirvKind};
    let f = &s.functions[s.entry.unwrap()];
    let last = f
        .instrs_in_order()
        .into_iter()
        .filter_map(|i| match &f.instrs[i].kind {
            fresnel_ir::InstrKind::Intrinsic(x) if x.op == Intrinsic::SpirvInstruction => {
                Some(x.clone())
            }
            _ => None,
        })
        .next()
        .expect("spirv_instruction");
    let caps = decode_caps(last.index(fresnel_ir::IndexKind::SpirvCaps).unwrap());
    assert_eq!(caps, [4472, 4478]);
    let exts = decode_exts(last.index(fresnel_ir::IndexKind::SpirvExts).unwrap());
    assert_eq!(exts, ["SPV_KHR_non_semantic_info", "SPV_KHR_ray_query"]);
    let (r, k) = decode_kinds(last.index(fresnel_ir::IndexKind::SpirvKinds).unwrap()).unwrap();
    assert_eq!((r, k.len()), (SpirvKind::Void, 0));
}

#[test]
fn malformed_spirv_instructions_are_rejected() {
    // Kinds for two sources on a one-source instruction.
    let text = SPIRV_TEXT.replace("kinds=\"u:i\"", "kinds=\"u:ii\"");
    let s = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    let errs = validate(&s).expect_err("kinds mismatch");
    assert!(
        errs.iter()
            .any(|e| e.to_string().contains("its kinds name 2")),
        "{errs:?}"
    );
    // A void result kind on an instruction with a result.
    let text = SPIRV_TEXT.replace("kinds=\"u:i\"", "kinds=\"v:i\"");
    let s = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert!(validate(&s).is_err());
    // Unknown set and extension names, bad kind letters are parse errors.
    for (from, to) in [
        ("set=\"NonSemantic.DebugBreak\"", "set=\"Nope\""),
        ("exts=\"SPV_KHR_shader_clock\"", "exts=\"SPV_NOPE\""),
        ("kinds=\"u:i\"", "kinds=\"u:z\""),
        ("caps=\"5055\"", "caps=\"99999\""),
    ] {
        let text = SPIRV_TEXT.replace(from, to);
        let e = parse(&text).expect_err(to);
        assert!(e.to_string().contains("bad `"), "{e}");
    }
}
