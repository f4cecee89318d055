// --svg draws the states held over the backward sweep: a well-formed SVG with
// labelled axes and the peak marked; the report says where it went.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: adgen plan --steps 16 --every 4 --bytes 256MiB --svg %t.dir/every4.svg | FileCheck %s --check-prefix=OUT
// OUT: peak states held   7{{$}}
// OUT: drawing            {{.*}}every4.svg
// RUN: python3 -c "import sys, xml.dom.minidom as m; d = m.parse(sys.argv[1]); assert d.documentElement.tagName == 'svg'" %t.dir/every4.svg
// RUN: FileCheck %s --check-prefix=SVG < %t.dir/every4.svg
// SVG: <svg xmlns="http://www.w3.org/2000/svg"
// SVG: every 4 on a loop of 16 iterations
// SVG: peak 7 states held (1.75 GiB)
// SVG: >states held</text>
// SVG: </svg>
// The peak line is labelled.
// RUN: grep -c 'peak 7 states held (1.75 GiB)</text>' %t.dir/every4.svg | FileCheck %s --check-prefix=LABEL
// LABEL: 1
//
// A long loop (drawn in columns) and an empty one.
// RUN: adgen plan --steps 10000 --every 100 --svg %t.dir/big.svg > /dev/null
// RUN: python3 -c "import sys, xml.dom.minidom as m; m.parse(sys.argv[1])" %t.dir/big.svg
// RUN: FileCheck %s --check-prefix=BIG < %t.dir/big.svg
// BIG: peak 199 states held
// RUN: adgen plan --steps 0 --recompute --svg %t.dir/none.svg > /dev/null
// RUN: FileCheck %s --check-prefix=NONE < %t.dir/none.svg
// NONE: no iterations
//
// An unwritable path fails with status 1 and leaves nothing behind.
// RUN: not adgen plan --steps 4 --all --svg %t.dir/missing/x.svg 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: adgen plan: error: cannot write '{{.*}}x.svg'
