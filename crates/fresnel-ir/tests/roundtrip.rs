//! The text form: printing and parsing back give the same text, on a hand-built shader and
//! on random builder-made shaders; the parser never panics on random or mutated text.

mod common;

use fresnel_ir::*;
use proptest::prelude::*;

fn check_round_trip(s: &Shader) {
    if let Err(e) = validate(s) {
        let msgs: Vec<String> = e.iter().map(|e| e.to_string()).collect();
        panic!("invalid shader:\n{}\n{s}", msgs.join("\n"));
    }
    let text = s.to_string();
    let p = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(p.to_string(), text);
    if let Err(e) = validate(&p) {
        panic!("parsed shader invalid: {}\n{text}", e[0]);
    }
}

#[test]
fn sample_round_trips_and_validates() {
    check_round_trip(&common::sample_shader());
}

#[test]
fn sample_text_is_readable() {
    let text = common::sample_shader().to_string();
    for needle in [
        "shader fragment",
        "info local_size=1x1x1 origin_upper_left",
        "block struct %Params { f32mat4x4 mvp offset=0 matrix_stride=16;",
        "var @4 uniform f32 \"k weird name\" = (0x3f800000)",
        "function fn0 helper(in @5, out @6) -> @7 {",
        "%3 = tex 32x4 2d f (texture %2, coord %1)",
        "%26 = fadd 32x4 %25.xyzw, %23.wzyx",
        "%12 32x1, %13 32x1 = call fn0(%11)  // helper",
        "%21 = deref_struct %20.1 (ubo [4 x f32x4, stride 16])  // .colors",
        "%22 = deref_array %21[%17] (ubo f32x4)",
        "store_deref %15, %14 (wrmask=xy)",
        "block b5:  // preds: b4 b10 b12",
        "block b1 (end):  // preds: b6",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}

#[test]
fn every_type_kind_round_trips() {
    let mut s = Shader::new(Stage::Geometry);
    s.info.geometry = Some(GeometryInfo {
        input: "triangles".into(),
        output: "line_strip".into(),
        max_vertices: 3,
        invocations: 2,
    });
    s.info.local_size = [8, 4, 2];
    s.info.tess_vertices = Some(3);
    let b32 = s.types.intern(Type::Vector {
        base: BaseType::Bool,
        bits: 32,
        components: 3,
    });
    let b1 = s.types.vector(BaseType::Bool, 1, 2);
    let h = s.types.vector(BaseType::Float, 16, 3);
    let d = s.types.intern(Type::Matrix {
        bits: 64,
        columns: 2,
        rows: 3,
    });
    let u8t = s.types.scalar(BaseType::Uint, 8);
    let ua = s.types.intern(Type::Array {
        elem: u8t,
        len: 0,
        stride: 4,
    });
    let st1 = s.types.intern(Type::Struct {
        name: "S".into(),
        fields: vec![Field {
            name: "a b".into(),
            ty: b32,
            offset: None,
            row_major: true,
            matrix_stride: None,
        }],
        block: false,
    });
    let st2 = s.types.intern(Type::Struct {
        name: "S".into(),
        fields: vec![Field {
            name: "x".into(),
            ty: st1,
            offset: Some(4),
            row_major: false,
            matrix_stride: Some(8),
        }],
        block: false,
    });
    let st3 = s.types.intern(Type::Struct {
        name: "1 \"odd\"\n".into(),
        fields: vec![],
        block: true,
    });
    let mut tys = vec![b32, b1, h, d, ua, st1, st2, st3];
    for (i, dim) in [
        SamplerDim::D1,
        SamplerDim::D2,
        SamplerDim::D3,
        SamplerDim::Cube,
        SamplerDim::Rect,
        SamplerDim::Buffer,
        SamplerDim::Ms,
        SamplerDim::Subpass,
        SamplerDim::SubpassMs,
        SamplerDim::External,
    ]
    .into_iter()
    .enumerate()
    {
        tys.push(s.types.intern(Type::Sampler {
            dim,
            array: i % 2 == 0,
            shadow: i % 3 == 0,
            result: [
                None,
                Some(BaseType::Float),
                Some(BaseType::Int),
                Some(BaseType::Uint),
            ][i % 4],
        }));
        tys.push(s.types.intern(Type::Image {
            dim,
            array: i % 2 == 1,
            result: BaseType::Uint,
        }));
    }
    tys.push(s.types.intern(Type::AtomicCounter));
    tys.push(
        s.types
            .intern(Type::Opaque("accelerationStructureEXT".into())),
    );
    for (i, t) in tys.into_iter().enumerate() {
        let mut v = Variable::new(format!("v{i}"), t, VarMode::ALL[i % 7]);
        v.builtin = i % 2 == 0;
        v.location = Some(i as i32 - 3);
        v.component = Some(1);
        v.index = Some(1);
        v.binding = Some(7);
        v.set = Some(1);
        v.interp = [Interp::Smooth, Interp::Flat, Interp::NoPerspective][i % 3];
        v.sampling = [Sampling::Center, Sampling::Centroid, Sampling::Sample][i % 3];
        v.patch = i % 2 == 1;
        v.invariant = true;
        v.precise = i % 3 == 1;
        v.access = (i % 32) as u8;
        v.format = Some("rgba8".into());
        v.relaxed_precision = true;
        v.init = Some(Constant::Composite(vec![
            Constant::Vector(vec![1, u64::MAX]),
            Constant::Composite(vec![]),
        ]));
        s.add_var(v);
    }
    let text = s.to_string();
    assert!(
        text.contains("struct %S#1 { %S x offset=4 matrix_stride=8; }"),
        "{text}"
    );
    assert!(text.contains("b32x3"), "{text}");
    assert!(text.contains("boolx2"), "{text}");
    let p = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(p.to_string(), text);
}

#[test]
fn parse_errors_have_positions() {
    let e = parse("shader vertex\nfunction fn0 main() {\n  block b0:\n    %0 = fadd 32x1 %1.x, %1.x\n  block b1 (end):\n}\n").unwrap_err();
    assert_eq!((e.line, e.col), (4, 5), "{e}");
    assert!(e.message.contains("%1 is not defined"), "{e}");
    let e = parse("shader nowhere").unwrap_err();
    assert_eq!(e.to_string(), "1:8: unknown stage 'nowhere'");
    let e = parse(
        "shader vertex\nfunction fn0 main() {\n  block b0:\n    break\n  block b1 (end):\n}\n",
    )
    .unwrap_err();
    assert!(e.message.contains("outside a loop"), "{e}");
    let e = parse(
        "shader vertex\nfunction fn0 main() {\n  block b0:\n  block b2:\n  block b1 (end):\n}\n",
    )
    .unwrap_err();
    assert!(e.message.contains("follows another block"), "{e}");
    let e = parse("shader vertex\nvar @1 global f32 x\n").unwrap_err();
    assert!(e.message.contains("gap"), "{e}");
    let e = parse("shader vertex\nfunction fn0 main() {\n  block b0:\n    %99999999 = undef 32x1\n  block b1 (end):\n}\n").unwrap_err();
    assert!(e.message.contains("limit"), "{e}");
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let mut t = String::from("shader vertex\nfunction fn0 main() {\n  block b0:\n");
    for i in 0..5000 {
        t.push_str(&format!("loop {{ block b{}:\n", i + 2));
    }
    let e = parse(&t).unwrap_err();
    assert!(e.message.contains("nesting"), "{e}");
    let mut t = String::from("shader vertex\nvar @0 global ");
    t.push_str(&"[2 x ".repeat(10000));
    assert!(parse(&t).unwrap_err().message.contains("nesting"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_shaders_validate_and_round_trip(ops in prop::collection::vec(any::<(u8, u8, u8)>(), 0..120)) {
        let s = common::random_shader(&ops);
        check_round_trip(&s);
    }

    #[test]
    fn parser_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(s) = parse(&text) {
            let _ = validate(&s);
            let _ = s.to_string();
        }
    }

    #[test]
    fn parser_never_panics_on_mutated_text(
        ops in prop::collection::vec(any::<(u8, u8, u8)>(), 0..40),
        muts in prop::collection::vec((any::<u8>(), any::<u16>(), any::<u16>()), 1..6),
    ) {
        let base = if ops.len() % 2 == 0 { common::sample_shader() } else { common::random_shader(&ops) };
        let mut text: Vec<char> = base.to_string().chars().collect();
        const PIECES: &[&str] = &["%", "@", "{", "}", "block b3:", "if %1 {", "} else {", "loop {", "break\n", "continue\n",
            "%0", "%77", "b0", "b999", "\n", " ", "32x4", ".xyzw", "phi", "(", ")", ",", "=", "-1", "0xffffffffffffffff", "\"", "#1"];
        for (kind, at, len) in muts {
            if text.is_empty() { break; }
            let at = usize::from(at) % text.len();
            let end = (at + usize::from(len) % 40).min(text.len());
            match kind % 4 {
                0 => { text.drain(at..end); }
                1 => {
                    let p = PIECES[usize::from(kind / 4) % PIECES.len()];
                    for (k, c) in p.chars().enumerate() { text.insert(at + k, c); }
                }
                2 => { let seg: Vec<char> = text[at..end].to_vec(); for (k, c) in seg.into_iter().enumerate() { text.insert(end + k, c); } }
                _ => { if at < text.len() { text[at] = (b'0' + kind % 10) as char; } }
            }
        }
        let text: String = text.into_iter().collect();
        if let Ok(s) = parse(&text) {
            let _ = validate(&s);
            let printed = s.to_string();
            // What parses prints canonically: printing is a fixed point.
            let again = parse(&printed).unwrap_or_else(|e| panic!("{e}\n{printed}"));
            prop_assert_eq!(again.to_string(), printed);
        }
    }
}

#[test]
fn random_shader_is_nontrivial() {
    let mut x: u32 = 12345;
    let mut next = || {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (x >> 16) as u8
    };
    let ops: Vec<(u8, u8, u8)> = (0..300).map(|_| (next(), next(), next())).collect();
    let s = common::random_shader(&ops);
    let text = s.to_string();
    println!("{text}");
    assert!(text.contains("loop {") && text.contains("if %"), "{text}");
    assert!(text.matches(" = ").count() > 40, "{text}");
    check_round_trip(&s);
}

/// Deleting, duplicating and swapping lines of valid text: what parses prints canonically,
/// and the validator judges it without panicking (many such shaders parse but are invalid:
/// uses before definitions, phis with wrong predecessors, stale jumps...).
#[test]
fn line_mutations_parse_or_fail_cleanly() {
    let base = common::sample_shader().to_string();
    let lines: Vec<&str> = base.lines().collect();
    let (mut parsed, mut valid) = (0, 0);
    let mut x: u32 = 1;
    let mut next = || {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (x >> 8) as usize
    };
    for _ in 0..4000 {
        let mut l: Vec<&str> = lines.clone();
        for _ in 0..(1 + next() % 3) {
            let a = next() % l.len();
            let b = next() % l.len();
            match next() % 3 {
                0 => {
                    l.remove(a);
                }
                1 => {
                    let s = l[a];
                    l.insert(b, s);
                }
                _ => l.swap(a, b),
            }
        }
        let t = l.join("\n");
        if let Ok(s) = parse(&t) {
            parsed += 1;
            if validate(&s).is_ok() {
                valid += 1;
            }
            let p = s.to_string();
            let again = parse(&p).unwrap_or_else(|e| panic!("{e}\n{p}"));
            assert_eq!(again.to_string(), p);
        }
    }
    assert!(parsed > 100, "{parsed} parsed");
    assert!(
        valid > 50 && parsed - valid > 50,
        "{parsed} parsed, {valid} valid"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Any names (quotes, backslashes, control characters, `#`, non-ASCII, empty) survive
    /// the text form, on variables, struct types and members, functions and formats.
    #[test]
    fn arbitrary_names_round_trip(names in prop::collection::vec(".{0,12}", 6)) {
        let mut s = Shader::new(Stage::Compute);
        let f = s.types.float();
        let st = s.types.intern(Type::Struct {
            name: names[0].clone(),
            fields: vec![Field {
                name: names[1].clone(),
                ty: f,
                offset: None,
                row_major: false,
                matrix_stride: None,
            }],
            block: false,
        });
        // A second struct type with the same name but other members.
        let st2 = s.types.intern(Type::Struct {
            name: names[0].clone(),
            fields: vec![],
            block: true,
        });
        let mut v = Variable::new(names[2].clone(), st, VarMode::Global);
        v.format = Some(names[3].clone());
        s.add_var(v);
        s.add_var(Variable::new(names[4].clone(), st2, VarMode::Shared));
        let main = s.functions.push(Function::new(names[5].clone()));
        s.entry = Some(main);
        let text = s.to_string();
        let p = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(p.to_string(), text);
        prop_assert_eq!(&p.vars[VarId(0)].name, &names[2]);
        prop_assert_eq!(&p.functions[FuncId(0)].name, &names[5]);
    }
}

/// Issue 5: value flags (`[nonuniform, relaxed]` after a result) print, parse back, and are
/// checked by the validator.
#[test]
fn value_flags_round_trip_and_validate() {
    let mut s = common::sample_shader();
    let (fid, _) = s.functions.iter().last().expect("a function");
    let f = &mut s.functions[fid];
    // Flag every second value defined by a live instruction (deref, ALU, tex, call
    // results...), cycling through the three combinations.
    let mut n = 0;
    let mut defined: Vec<ValueId> = Vec::new();
    for (_, ins) in f.instrs.iter() {
        if !ins.removed {
            defined.extend(ins.kind.dests());
        }
    }
    for v in defined {
        let bits = f.values[v].bit_size;
        match n % 3 {
            0 => f.mark_non_uniform(v),
            1 if bits != 1 => f.mark_relaxed(v),
            2 if bits != 1 => {
                f.mark_non_uniform(v);
                f.mark_relaxed(v);
            }
            _ => {}
        }
        n += 1;
    }
    assert!(f.value_flags.len() >= 6, "{:?}", f.value_flags);
    check_round_trip(&s);
    let text = s.to_string();
    assert!(text.contains(" [nonuniform] = "), "{text}");
    assert!(text.contains(" [relaxed] = "), "{text}");
    assert!(text.contains(" [nonuniform, relaxed] = "), "{text}");
    let p = parse(&text).unwrap();
    assert_eq!(p.functions[fid].value_flags, s.functions[fid].value_flags);

    // A call result with flags.
    let t = "shader vertex\nentry fn1\nfunction fn0 f() -> @0 {\n  var @0 function f32 r\n  block b0:\n  block b1 (end):\n}\nfunction fn1 main() {\n  block b0:\n    %0 [relaxed] 32x1 = call fn0()\n  block b1 (end):\n}\n";
    let sh = parse(t).unwrap_or_else(|e| panic!("{e}"));
    assert!(sh.functions[FuncId(1)].flags(ValueId(0)).relaxed);
    assert!(
        sh.to_string().contains("%0 [relaxed] 32x1 = call fn0()"),
        "{sh}"
    );
    check_round_trip(&sh);

    // Unknown flags are parse errors with a position.
    let e = parse("shader vertex\nfunction fn0 main() {\n  block b0:\n    %0 [shiny] = undef 32x1\n  block b1 (end):\n}\n").unwrap_err();
    assert_eq!((e.line, e.col), (4, 9), "{e}");
    assert!(e.message.contains("unknown value flag 'shiny'"), "{e}");

    // The validator: no relaxed booleans, no flags on values that do not exist.
    let mut bad = parse("shader vertex\nfunction fn0 main() {\n  block b0:\n    %0 [relaxed] = undef 1x1\n  block b1 (end):\n}\n").unwrap();
    let errs = validate(&bad).unwrap_err();
    assert!(errs[0].message.contains("boolean"), "{}", errs[0]);
    let (mid, _) = bad.functions.iter().last().unwrap();
    bad.functions[mid].set_flags(ValueId(0), ValueFlags::NONE);
    bad.functions[mid].mark_non_uniform(ValueId(7));
    let errs = validate(&bad).unwrap_err();
    assert!(errs[0].message.contains("%7"), "{}", errs[0]);
}

#[test]
fn value_flags_merge_rules() {
    let nu = ValueFlags {
        non_uniform: true,
        relaxed: false,
    };
    let rel = ValueFlags {
        non_uniform: false,
        relaxed: true,
    };
    let both = nu.merge(ValueFlags {
        non_uniform: true,
        relaxed: true,
    });
    assert_eq!(both, nu);
    assert_eq!(nu.merge(rel), nu);
    assert_eq!(rel.merge(rel), rel);
    assert_eq!(rel.merge(ValueFlags::NONE), ValueFlags::NONE);
    assert!(ValueFlags::NONE.is_empty());
}

/// Subgroup reductions name their operation (`reduction_op`, products included) and, for
/// clustered ones, the cluster size; both print by name / number and parse back.
#[test]
fn subgroup_reductions_round_trip() {
    let text = "shader compute
function fn0 main() {
  block b0:
    %0 = load_const 32x2 (0x3f800000, 0x40000000)
    %1 = reduce 32x2 %0 (reduction_op=fmul, cluster_size=8)
    %2 = inclusive_scan 32x2 %0 (reduction_op=fmul)
    %3 = exclusive_scan 32x2 %0 (reduction_op=imul)
    %4 = reduce 32x2 %0 (reduction_op=ixor, cluster_size=1)
    %5 = reduce 32x2 %0 (reduction_op=umin)
  block b1 (end):
}
";
    let s = parse(text).unwrap_or_else(|e| panic!("{e}"));
    check_round_trip(&s);
    let printed = s.to_string();
    for needle in [
        "reduce 32x2 %0 (reduction_op=fmul, cluster_size=8)",
        "inclusive_scan 32x2 %0 (reduction_op=fmul)",
        "exclusive_scan 32x2 %0 (reduction_op=imul)",
        "(reduction_op=ixor, cluster_size=1)",
        "(reduction_op=umin)",
    ] {
        assert!(printed.contains(needle), "{needle}\n{printed}");
    }
    let (fid, _) = s.functions.iter().next().expect("a function");
    let f = &s.functions[fid];
    let reduces: Vec<(Option<i64>, Option<i64>)> = f
        .instrs
        .iter()
        .filter_map(|(_, i)| match &i.kind {
            InstrKind::Intrinsic(x) => Some((
                x.index(IndexKind::ReductionOp),
                x.index(IndexKind::ClusterSize),
            )),
            _ => None,
        })
        .collect();
    assert_eq!(
        reduces,
        vec![
            (Some(ReductionOp::Fmul.index()), Some(8)),
            (Some(ReductionOp::Fmul.index()), None),
            (Some(ReductionOp::Imul.index()), None),
            (Some(ReductionOp::Ixor.index()), Some(1)),
            (Some(ReductionOp::Umin.index()), None),
        ]
    );
    // Every operation reads back from its name, and the names are the ALU operations'.
    for &r in ReductionOp::ALL {
        assert_eq!(ReductionOp::from_name(r.name()), Some(r));
        assert_eq!(ReductionOp::from_index(r.index()), Some(r));
        assert_eq!(AluOp::from_name(r.name()), Some(r.alu()));
    }
    // An operation that is not a reduction (an atomic exchange) does not parse.
    let bad = text.replace("reduction_op=umin", "reduction_op=xchg");
    let Err(e) = parse(&bad) else {
        panic!("`reduction_op=xchg` parsed");
    };
    assert!(e.to_string().contains("unknown reduction op 'xchg'"), "{e}");
}
