//! Specialization constants in SPIR-V (helper E, issue 5): every declared constant is an
//! `OpSpecConstant*` with its `SpecId`; code reads those ids (so specializing the module
//! changes what it computes); `gl_WorkGroupSize` with `local_size_x_id` is the
//! `OpSpecConstantComposite` decorated `BuiltIn WorkgroupSize`. Checked with `spirv-val`,
//! by reading the module back, and by specializing it with `spirv-opt
//! --set-spec-const-default-value ... --freeze-spec-const -O`, after which the stored values
//! fold to the specialized results. Tests needing SPIRV-Tools are skipped (with a message)
//! when the tools are not installed.

use std::io::Write;
use std::process::{Command, Stdio};

use fresnel::{Options, SourceInput, Stage, TargetEnv};
use fresnel_backend::spirv::{self, SpirvOptions};

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs a SPIRV-Tools program with the module on stdin; its stdout, or the error text.
fn tool(name: &str, args: &[&str], input: &[u8]) -> Result<Vec<u8>, String> {
    let mut child = Command::new(name)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {name}: {e}"))?;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(format!(
            "{name} failed: {}{}",
            String::from_utf8_lossy(&out.stderr),
            String::from_utf8_lossy(&out.stdout)
        ))
    }
}

fn compile(src: &str) -> Vec<u32> {
    let opts = Options {
        stage: Some(Stage::Compute),
        target: TargetEnv::Vulkan { minor: 1 },
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(
        SourceInput::new("t.comp", src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    let ir = run.ir.expect("lowered");
    let sopts = SpirvOptions {
        target: spirv::TargetEnv::Vulkan { minor: 1 },
        ..SpirvOptions::default()
    };
    spirv::emit(&ir, &sopts).expect("SPIR-V")
}

/// The instructions of a module: (opcode, operands).
fn instructions(words: &[u32]) -> Vec<(u16, Vec<u32>)> {
    let mut out = Vec::new();
    let mut i = 5;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        assert!(count > 0 && i + count <= words.len(), "malformed module");
        out.push(((words[i] & 0xffff) as u16, words[i + 1..i + count].to_vec()));
        i += count;
    }
    out
}

const OP_DECORATE: u16 = 71;
const OP_SPEC_CONSTANT_TRUE: u16 = 48;
const OP_SPEC_CONSTANT_FALSE: u16 = 49;
const OP_SPEC_CONSTANT: u16 = 50;
const OP_SPEC_CONSTANT_COMPOSITE: u16 = 51;
const OP_FUNCTION: u16 = 54;
const DEC_SPEC_ID: u32 = 1;
const DEC_BUILT_IN: u32 = 11;
const BUILT_IN_WORKGROUP_SIZE: u32 = 25;

/// The result id decorated `SpecId id`.
fn spec_target(ins: &[(u16, Vec<u32>)], id: u32) -> Option<u32> {
    ins.iter().find_map(|(op, o)| {
        (*op == OP_DECORATE && o.len() == 3 && o[1] == DEC_SPEC_ID && o[2] == id).then_some(o[0])
    })
}

/// Whether an instruction inside a function uses `id` as an operand (the id is global, so
/// inside functions it is never a result; the instructions that mention it here are
/// stores and value instructions, whose literal operands are small composite indices).
fn used_in_code(ins: &[(u16, Vec<u32>)], id: u32) -> bool {
    let start = ins
        .iter()
        .position(|(op, _)| *op == OP_FUNCTION)
        .unwrap_or(ins.len());
    ins[start..].iter().any(|(_, o)| o.contains(&id))
}

/// Whether an `OpSpecConstantOp` reads `id` (arithmetic on specialization constants is
/// written so, as glslang does: issue 6).
fn used_by_spec_op(ins: &[(u16, Vec<u32>)], id: u32) -> bool {
    const OP_SPEC_CONSTANT_OP: u16 = 52;
    ins.iter()
        .any(|(op, o)| *op == OP_SPEC_CONSTANT_OP && o.len() > 3 && o[3..].contains(&id))
}

const SHADER: &str = "#version 450
layout(local_size_x = 1) in;
layout(constant_id = 0) const int N = 4;
layout(constant_id = 1) const float S = 1.5;
layout(constant_id = 2) const bool B = true;
layout(constant_id = 7) const uint UNUSED = 3u;
const int M = N * 2 + 1;
layout(std430, binding = 0) buffer Out { int i[3]; float f; };
void main() {
    i[0] = M;
    i[1] = B ? N : -N;
    int arr[M];
    i[2] = arr.length();
    f = S * 2.0;
}
";

#[test]
fn spec_constants_are_declared_and_read_in_code() {
    let words = compile(SHADER);
    let ins = instructions(&words);
    for (cid, opcodes) in [
        (0, &[OP_SPEC_CONSTANT][..]),
        (1, &[OP_SPEC_CONSTANT][..]),
        (2, &[OP_SPEC_CONSTANT_TRUE][..]),
        (7, &[OP_SPEC_CONSTANT][..]),
    ] {
        let id = spec_target(&ins, cid).unwrap_or_else(|| panic!("no SpecId {cid}"));
        let decl = ins
            .iter()
            .find(|(_, o)| o.get(1) == Some(&id))
            .expect("declared");
        assert!(
            opcodes.contains(&decl.0),
            "SpecId {cid}: opcode {} declares it",
            decl.0
        );
        if cid != 7 {
            assert!(
                used_in_code(&ins, id) || used_by_spec_op(&ins, id),
                "SpecId {cid} is not read in code nor by an OpSpecConstantOp"
            );
        }
    }
    assert!(!ins.iter().any(|(op, _)| *op == OP_SPEC_CONSTANT_FALSE));
    if have("spirv-val") {
        tool(
            "spirv-val",
            &["--target-env", "vulkan1.1", "-"],
            &spirv::to_bytes(&words),
        )
        .expect("valid");
    } else {
        eprintln!("spirv-val not installed: validation skipped");
    }
}

/// The words stored through `OpStore` of constants after specializing and optimizing:
/// the integer constants' values, in the order of the stores.
fn specialized_int_stores(words: &[u32], spec: &str) -> Result<Vec<u32>, String> {
    let bytes = spirv::to_bytes(words);
    let out = tool(
        "spirv-opt",
        &[
            &format!("--set-spec-const-default-value={spec}"),
            "--freeze-spec-const",
            // Arithmetic on specialization constants is `OpSpecConstantOp` (issue 6).
            "--fold-spec-const-op-composite",
            "-O",
            "-",
            "-o",
            "-",
        ],
        &bytes,
    )?;
    let w: Vec<u32> = out
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let ins = instructions(&w);
    const OP_CONSTANT: u16 = 43;
    const OP_STORE: u16 = 62;
    let mut vals = Vec::new();
    for (op, o) in &ins {
        if *op == OP_STORE {
            if let Some((_, c)) = ins
                .iter()
                .find(|(cop, co)| *cop == OP_CONSTANT && co.get(1) == o.get(1))
            {
                vals.push(c[2]);
            }
        }
    }
    Ok(vals)
}

#[test]
fn specializing_the_module_changes_the_results() {
    if !have("spirv-opt") {
        eprintln!("spirv-opt not installed: skipped");
        return;
    }
    let words = compile(SHADER);
    // Defaults: M = 9, B ? N : -N = 4, the array length 9, S * 2 = 3.0.
    let d = specialized_int_stores(&words, "0:4").expect("spirv-opt");
    assert_eq!(d, vec![9, 4, 9, 3.0f32.to_bits()], "defaults");
    // N = 6, S = 2.5, B = false: M = 13, -6, the array length 13 (its length is
    // specializable: `spec_arrays.rs`), 5.0.
    let s = specialized_int_stores(&words, "0:6 1:2.5 2:false").expect("spirv-opt");
    assert_eq!(
        s,
        vec![13, (-6i32) as u32, 13, 5.0f32.to_bits()],
        "specialized"
    );
}

const WG: &str = "#version 450
layout(local_size_x_id = 3, local_size_y = 2) in;
layout(std430, binding = 0) buffer Out { uvec3 w; };
void main() {
    w = gl_WorkGroupSize;
}
";

#[test]
fn workgroup_size_is_the_specializable_builtin() {
    let words = compile(WG);
    let ins = instructions(&words);
    let wg = ins
        .iter()
        .find_map(|(op, o)| {
            (*op == OP_DECORATE
                && o.len() == 3
                && o[1] == DEC_BUILT_IN
                && o[2] == BUILT_IN_WORKGROUP_SIZE)
                .then_some(o[0])
        })
        .expect("BuiltIn WorkgroupSize");
    let decl = ins
        .iter()
        .find(|(_, o)| o.get(1) == Some(&wg))
        .expect("declared");
    assert_eq!(decl.0, OP_SPEC_CONSTANT_COMPOSITE);
    assert!(
        used_in_code(&ins, wg),
        "gl_WorkGroupSize reads the built-in"
    );
    let x = spec_target(&ins, 3).expect("SpecId 3");
    assert_eq!(decl.1[2], x, "x is specialization constant 3");
    if have("spirv-opt") {
        // Specialized to 8: the stored size is made of the constants (8, 2, 1).
        let out = tool(
            "spirv-opt",
            &[
                "--set-spec-const-default-value=3:8",
                "--freeze-spec-const",
                "-O",
                "-",
                "-o",
                "-",
            ],
            &spirv::to_bytes(&words),
        )
        .expect("spirv-opt");
        let w: Vec<u32> = out
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let ins = instructions(&w);
        const OP_CONSTANT: u16 = 43;
        const OP_CONSTANT_COMPOSITE: u16 = 44;
        const OP_STORE: u16 = 62;
        let value_of = |id: u32| {
            ins.iter()
                .find(|(op, o)| *op == OP_CONSTANT && o.get(1) == Some(&id))
                .map(|(_, o)| o[2])
        };
        let stored: Vec<Vec<Option<u32>>> = ins
            .iter()
            .filter(|(op, _)| *op == OP_STORE)
            .filter_map(|(_, o)| {
                ins.iter()
                    .find(|(op, c)| {
                        // The built-in stays an `OpSpecConstantComposite` of frozen parts.
                        matches!(*op, OP_CONSTANT_COMPOSITE | OP_SPEC_CONSTANT_COMPOSITE)
                            && c.get(1) == o.get(1)
                    })
                    .map(|(_, c)| c[2..].iter().map(|id| value_of(*id)).collect())
            })
            .collect();
        assert_eq!(stored, vec![vec![Some(8), Some(2), Some(1)]]);
    }
    if have("spirv-val") {
        tool(
            "spirv-val",
            &["--target-env", "vulkan1.1", "-"],
            &spirv::to_bytes(&words),
        )
        .expect("valid");
    }
}

const OP_TYPE_FLOAT: u16 = 22;

/// Specialization constants of the small float types, each `(constant_id, OpTypeFloat
/// operands, the default's bit pattern, read in code)`, compiled for Vulkan 1.3 at -O0 and
/// -O: an `OpSpecConstant` of the format's pattern decorated `SpecId` (glslang writes
/// `OpSpecConstant %bfloat16 16672` for `bfloat16_t(10)`), the unused one too, and code
/// reads the constant, not its default. They used to be folded to the default silently.
fn check_small_float_specs(src: &str, want: &[(u32, &[u32], u32, bool)]) -> [Vec<u32>; 2] {
    [false, true].map(|optimize| {
        let words = crate::support::try_compile(
            Stage::Compute,
            TargetEnv::Vulkan { minor: 3 },
            src,
            optimize,
        )
        .unwrap_or_else(|e| panic!("not written (optimize {optimize}): {e}"));
        let ins = instructions(&words);
        for &(cid, float, pattern, used) in want {
            let id = spec_target(&ins, cid).unwrap_or_else(|| panic!("no SpecId {cid}"));
            let (_, o) = ins
                .iter()
                .find(|(op, o)| *op == OP_SPEC_CONSTANT && o.get(1) == Some(&id))
                .unwrap_or_else(|| panic!("SpecId {cid}: no OpSpecConstant"));
            assert_eq!(o[2..], [pattern], "SpecId {cid}: the default's pattern");
            let ty = ins
                .iter()
                .find(|(op, t)| *op == OP_TYPE_FLOAT && t[0] == o[0])
                .expect("a float type");
            assert_eq!(ty.1[1..], *float, "SpecId {cid}: its type");
            assert_eq!(used_in_code(&ins, id), used, "SpecId {cid} read in code");
        }
        words
    })
}

#[test]
fn small_float_spec_constants_are_declared_and_read() {
    let src = "#version 450
#extension GL_EXT_bfloat16 : require
#extension GL_EXT_float_e4m3 : require
#extension GL_EXT_float_e5m2 : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer B { float o; int i; };
layout(constant_id = 1) const bfloat16_t bsc10 = bfloat16_t(10);
layout(constant_id = 2) const floate4m3_t esc = floate4m3_t(10);
layout(constant_id = 3) const floate5m2_t e5 = floate5m2_t(-0.75);
layout(constant_id = 4) const bfloat16_t unused = bfloat16_t(1.5);
layout(constant_id = 5) const float fsc = 3.0;
void main() {
    bf16vec2 v = bf16vec2(bsc10, bsc10);
    floate5m2_t x = floate5m2_t(esc);
    o = float(bsc10) + float(v.y) + float(x) + float(e5) + fsc;
    i = int(esc);
}
";
    let want: &[(u32, &[u32], u32, bool)] = &[
        (1, &[16, 0], 16672, true),
        (2, &[8, 4214], 82, true),
        (3, &[8, 4215], 0xba, true),
        (4, &[16, 0], 0x3fc0, false),
    ];
    for words in check_small_float_specs(src, want) {
        crate::support::check_vendored(&words, "vulkan1.3", &[]);
    }
}

/// The microscaling formats (no validator here knows them): the patterns glslang writes
/// (`spv.floate2m1.comp`: `10.fe2m1` is 7, saturated), a constructor's default
/// (`floate2m1_t(1.5)`) as well as a literal's.
#[test]
fn microscaling_spec_constants_are_declared_and_read() {
    let src = "#version 450
#extension GL_EXT_float_e2m1 : require
#extension GL_EXT_float_ue8m0 : require
#extension GL_EXT_float_mxint8 : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer B { float o; };
layout(constant_id = 1) const floate2m1_t bsc10 = 10.fe2m1;
layout(constant_id = 2) const floate2m1_t c15 = floate2m1_t(1.5);
layout(constant_id = 3) const floatue8m0_t u = floatue8m0_t(4.0);
layout(constant_id = 4) const floatmxint8_t m = floatmxint8_t(-1.0);
layout(constant_id = 5) const floate2m1_t unused = floate2m1_t(-2.0);
void main() {
    fe2m1vec2 v = fe2m1vec2(bsc10, c15);
    o = float(v.x) + float(v.y) + float(u) + float(m);
}
";
    let want: &[(u32, &[u32], u32, bool)] = &[
        (1, &[4, 4225], 7, true),
        (2, &[4, 4225], 3, true),
        (3, &[8, 4226], 129, true),
        (4, &[8, 4227], 192, true),
        (5, &[4, 4225], 0b1100, false),
    ];
    check_small_float_specs(src, want);
}

/// An operation with no SPIR-V form on such a constant is refused by name, not folded to
/// the default: a run-time conversion to a microscaling format, arithmetic on bfloat16.
#[test]
fn small_float_spec_constant_misuse_is_refused() {
    let head = "#version 450
#extension GL_EXT_bfloat16 : require
#extension GL_EXT_float_e2m1 : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer B { float o; };
layout(constant_id = 1) const bfloat16_t b = bfloat16_t(10);
layout(constant_id = 2) const float f = 2.0;
";
    for (body, needle) in [
        (
            "floate2m1_t x = floate2m1_t(f); o = float(x);",
            "of a value not known at compile time has no SPIR-V form",
        ),
        (
            "bfloat16_t x = b + b; o = float(x);",
            "op_add on `bfloat16_t`",
        ),
    ] {
        let src = format!("{head}void main() {{ {body} }}\n");
        for optimize in [false, true] {
            let e = crate::support::try_compile(
                Stage::Compute,
                TargetEnv::Vulkan { minor: 3 },
                &src,
                optimize,
            )
            .expect_err("refused");
            assert!(e.contains(needle), "{needle:?} not in {e}");
        }
    }
}
